package install

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

// TestImportGolden imports the agent settings of each archive in testdata/import into its
// config.yaml (or none), comparing the config and the notes with the golden sections
// (go test -update rewrites them); importing again adds nothing.
func TestImportGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/import/*.txtar")
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			d, err := agent.Lookup(agentOf(file))
			if err != nil {
				t.Fatal(err)
			}
			settings := filepath.Join(t.TempDir(), "settings.json")
			data, _ := section(ar, "settings.json")
			if err := os.WriteFile(settings, data, 0o600); err != nil {
				t.Fatal(err)
			}
			before, _ := section(ar, "config.yaml")
			out, r, err := Import("/home/u/.agent-hooks/config.yaml", before, settings, d, testEnv)
			if err != nil {
				t.Fatal(err)
			}
			notes := strings.Join(r.Notes, "\n") + "\n"
			// The goldens name the settings file with a slash, whichever the system's separator.
			stable := strings.NewReplacer(filepath.Dir(settings)+string(filepath.Separator), "SETTINGS_DIR/",
				filepath.ToSlash(filepath.Dir(settings))+"/", "SETTINGS_DIR/", filepath.Dir(settings), "SETTINGS_DIR")
			set(t, ar, "config.after.yaml", []byte(stable.Replace(string(out))))
			set(t, ar, "notes", []byte(stable.Replace(notes)))
			again, r2, err := Import("/home/u/.agent-hooks/config.yaml", out, settings, d, testEnv)
			if err != nil || len(r2.Added) != 0 || string(again) != string(out) || len(r2.Present) != len(r.Added)+len(r.Present) {
				t.Errorf("second import: added %v, present %d, %v", r2.Added, len(r2.Present), err)
			}
			if *update {
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// set compares got with the archive's section, or with -update sets it.
func set(t *testing.T, ar *txtar.Archive, name string, got []byte) {
	t.Helper()
	if *update {
		for i := range ar.Files {
			if ar.Files[i].Name == name {
				ar.Files[i].Data = got
				return
			}
		}
		ar.Files = append(ar.Files, txtar.File{Name: name, Data: got})
		return
	}
	want, ok := section(ar, name)
	if !ok {
		t.Fatalf("no golden %s: run go test -update", name)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs from the golden file:\n%s", name, got)
	}
}

func testEnv(name string) (string, bool) {
	if name == config.HomeVar {
		return "/home/u", true
	}
	return "", false
}

// TestImportEnvWords: a command with leading NAME=value words is imported as hookctl's own
// command, not sh -c, so consent pins the script it runs; a relative script still starts from
// the agent's folder, behind the words.
func TestImportEnvWords(t *testing.T) {
	project := t.TempDir()
	settings := filepath.Join(project, ".claude", "settings.json")
	if err := os.MkdirAll(filepath.Dir(settings), 0o700); err != nil {
		t.Fatal(err)
	}
	body := `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"MODE=strict NOTE=\"a b\" ./hooks/guard.sh --x"}]}]}}`
	if err := os.WriteFile(settings, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	d, _ := agent.Lookup("claude-code")
	out, _, err := Import("/home/u/.agent-hooks/config.yaml", []byte("hooks: {}\n"), settings, d, testEnv)
	if err != nil {
		t.Fatal(err)
	}
	cfg := config.Parse("/home/u/.agent-hooks/config.yaml", out, config.Options{LookupEnv: testEnv})
	if len(cfg.Hooks) != 1 {
		t.Fatalf("imported %d hooks: %s\n%v", len(cfg.Hooks), out, cfg.Problems)
	}
	h := cfg.Hooks[0]
	guard := filepath.Join(project, "hooks", "guard.sh")
	if !slices.Equal(h.Env, []string{"MODE=strict", "NOTE=a b"}) || len(h.Argv) != 2 || filepath.Clean(h.Argv[0]) != guard || h.Argv[1] != "--x" || h.Script != guard {
		t.Errorf("imported as %q: env %q, argv %q, pinned script %q; want the words kept and %s pinned", h.Command, h.Env, h.Argv, h.Script, guard)
	}
}

// TestBlocking: the imported entries on the events a guard lives on are named, with their
// matcher; the others are not.
func TestBlocking(t *testing.T) {
	added := []Imported{
		{Event: "pre_tool_call", Matcher: "Bash", Command: "./guard.sh"},
		{Event: "post_tool_call", Command: "./log.sh"},
		{Event: "pre_llm_call", Command: "./prompt.sh"},
		{Event: "on_session_start", Command: "./hello.sh"},
	}
	got := Blocking(added)
	want := []string{"./guard.sh on pre_tool_call (matcher Bash)", "./prompt.sh on pre_llm_call"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Blocking = %q, want %q", got, want)
	}
}
