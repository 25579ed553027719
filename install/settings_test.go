package install

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/hookctl/hookctl/agent"
)

var update = flag.Bool("update", false, "update the golden files in testdata")

const testBin = "/opt/hook ctl/bin/hookctl" // a space, so the quoting is tested too

func target(t *testing.T, name, path string) Target {
	t.Helper()
	d, err := agent.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	// The entries as sh reads them, on every platform: windows_test.go has Windows' forms.
	return Target{Agent: name, Path: path, Layout: layoutFor(d, "linux"), Command: CommandLine(testBin, name, RunFlags{}), Name: "hookctl",
		Fail: wiredFailSwitch(name)}
}

// projectTarget is a project's committed wiring (install --project) of the agent at path.
func projectTarget(t *testing.T, name, path string) Target {
	t.Helper()
	d, err := agent.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return TargetFor(d, path, testBin, RunFlags{ProjectWiring: true})
}

// agentOf names the agent of a golden file by its prefix.
func agentOf(file string) string {
	name := strings.SplitN(filepath.Base(file), "_", 2)[0]
	if name == "claude" {
		return "claude-code"
	}
	return name
}

const noFile = "(no file)\n"

// TestSettingsGolden installs, installs again, reinstalls for a changed config and uninstalls
// in each settings file of testdata/settings, comparing the file after each step with the
// golden sections of the same archive (go test -update rewrites them).
func TestSettingsGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/settings/*.txtar")
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			name := agentOf(file)
			d, _ := agent.Lookup(name)
			pre, _ := d.InstallEvent("pre_tool_call")
			verify, _ := d.InstallEvent("pre_verify")
			path := filepath.Join(t.TempDir(), "settings.json")
			tg := target(t, name, path)
			if strings.Contains(file, "_project") {
				tg = projectTarget(t, name, path)
			}
			before, hasBefore := section(ar, "before.json")
			if hasBefore {
				if strings.Contains(string(ar.Comment), "no final newline") {
					before = bytes.TrimSuffix(before, []byte("\n"))
				}
				if err := os.WriteFile(path, before, 0o640); err != nil {
					t.Fatal(err)
				}
			}
			first := []Want{{pre, d.Timeout(10 * time.Second), 10}, {verify, d.Timeout(65 * time.Second), 65}}
			dry, err := Install(tg, first, true)
			if err != nil || !dry.Changed || dry.Diff == "" {
				t.Fatalf("dry run: %+v, %v", dry, err)
			}
			if now, _ := os.ReadFile(path); !bytes.Equal(now, before) {
				t.Fatal("the dry run wrote the file")
			}
			r, err := Install(tg, first, false)
			if err != nil {
				t.Fatal(err)
			}
			if !r.Changed || len(r.Added) != 2 {
				t.Errorf("first install: %+v", r)
			}
			golden(t, ar, "install.json", path)
			installed, _ := os.ReadFile(path)
			checkPatch(t, string(before), string(installed))
			if want := unifiedDiff(path, before, installed, !hasBefore, false); dry.Diff != want {
				t.Errorf("the dry run's diff:\n%s\nwant\n%s", dry.Diff, want)
			}
			if hasBefore {
				if fi, _ := os.Stat(path); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o640 { // Windows: no modes
					t.Errorf("mode %04o, want 0640 kept", fi.Mode().Perm())
				}
				if b, _ := os.ReadFile(path + BackupSuffix); !bytes.Equal(b, before) {
					t.Errorf("backup holds %q, want the file as it was", b)
				}
			}
			again, _ := os.ReadFile(path)
			r, err = Install(tg, first, false)
			if err != nil || r.Changed || len(r.Kept) != 2 || len(r.Added)+len(r.Updated)+len(r.Removed) != 0 {
				t.Errorf("second install changed something: %+v, %v", r, err)
			}
			if now, _ := os.ReadFile(path); !bytes.Equal(now, again) {
				t.Errorf("second install rewrote the file")
			}
			r, err = Install(tg, []Want{{pre, d.Timeout(20 * time.Second), 20}}, false)
			if err != nil || len(r.Updated) != 1 || len(r.Removed) != 1 {
				t.Errorf("reinstall: %+v, %v", r, err)
			}
			golden(t, ar, "reinstall.json", path)
			r, err = Uninstall(tg, false)
			if err != nil || len(r.Removed) != 1 {
				t.Errorf("uninstall: %+v, %v", r, err)
			}
			golden(t, ar, "uninstall.json", path)
			after, err := os.ReadFile(path)
			switch {
			case !hasBefore && err == nil:
				t.Errorf("uninstall left a file install created: %s", after)
			case hasBefore && !jsonEqual(before, after):
				t.Errorf("install then uninstall is not JSON-equal to the start:\n%s", after)
			}
			if _, err := os.Stat(path + BackupSuffix); err == nil {
				t.Errorf("the backup is left after the file was restored")
			}
			if *update {
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

func section(ar *txtar.Archive, name string) ([]byte, bool) {
	for _, f := range ar.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// golden compares the file at path with the archive's section, or, with -update, sets it.
func golden(t *testing.T, ar *txtar.Archive, name, path string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		got = []byte(noFile)
	} else if !bytes.HasSuffix(got, []byte("\n")) {
		got = append(got, []byte("\n(no final newline)\n")...)
	}
	set(t, ar, name, got)
}

// Entries are hookctl's by their command, with a --deadline or without one, as older hookctl
// wrote them; anything else on the line makes an entry someone else's.
func TestIsOwnCommand(t *testing.T) {
	for _, tc := range []struct {
		command string
		own     bool
		seconds int64
	}{
		{"'/opt/hook ctl/bin/hookctl' run --agent codex --deadline 23", true, 23},
		{"/usr/bin/hookctl run --agent codex", true, 0},
		{"/usr/bin/hookctl run --agent claude-code --deadline 23", false, 0},
		{"/usr/bin/hookctl run --agent codex --deadline 0", false, 0},
		{"/usr/bin/hookctl run --agent codex --deadline 1.5", false, 0},
		{"/usr/bin/hookctl run --agent codex --deadline 023", false, 0},
		{"/usr/bin/hookctl run --agent codex --timeout 23", false, 0},
		{"/usr/bin/hookctl run --agent codex pre_tool_call", false, 0},
		{"/usr/bin/other run --agent codex --deadline 23", false, 0},
		// The locations and switches install writes (SPEC 18.1, 23.1, 23.6), in its order.
		{"/usr/bin/hookctl run --agent codex --home '/h/.agent-hooks' --guarded --deadline 23", true, 23},
		{"/usr/bin/hookctl run --agent codex --home /h --allowlist /h/a.json --config /h/c.yaml --guarded --accept-hooks --deadline 5", true, 5},
		{"/usr/bin/hookctl run --agent codex --guarded --home /h --deadline 23", false, 0},
		{"/usr/bin/hookctl run --agent codex --home /h --home /g --deadline 23", false, 0},
		{"/usr/bin/hookctl run --agent codex --home --deadline 23", false, 0},
		{"/usr/bin/hookctl run --agent codex --home '' --deadline 23", false, 0},
		// A project's wiring: a guard, then hookctl from PATH; a guard another hookctl
		// version wrote, with other words, is still hookctl's (install replaces it).
		{"command -v hookctl >/dev/null 2>&1 || { printf '%s\\n' 'no hookctl' >&2; exit 2; }; exec hookctl run --agent codex --project-wiring --deadline 7", true, 7},
		{"command -v hookctl >/dev/null 2>&1 || { exit 2; }; exec hookctl run --agent codex --project-wiring --deadline 7", true, 7},
		{"command -v hookctl >/dev/null 2>&1 || { exit 2; }; exec /usr/bin/hookctl run --agent codex --deadline 7", false, 0},
		{"command -v hookctl >/dev/null 2>&1 || { exit 2; }; exec hookctl run --agent codex --project-wiring --deadline 7; rm -rf ~", false, 0},
		{"command -v hookctl >/dev/null 2>&1 && exec hookctl run --agent codex --project-wiring --deadline 7", false, 0},
		{"/usr/bin/hookctl run --agent codex --guarded --accept-hooks --project-wiring --deadline 5", true, 5},
		{"/usr/bin/hookctl run --agent codex --project-wiring --accept-hooks --deadline 5", false, 0},
	} {
		if got := IsOwnCommand(tc.command, "codex", "hookctl"); got != tc.own {
			t.Errorf("IsOwnCommand(%q) = %v, want %v", tc.command, got, tc.own)
		}
		if n, ok := OwnDeadline(tc.command, "codex"); tc.own && (n != tc.seconds || ok != (tc.seconds > 0)) {
			t.Errorf("OwnDeadline(%q) = %d, %v, want %d", tc.command, n, ok, tc.seconds)
		}
	}
	// Copilot CLI's and Cline's entries name the event, one of the agent's, last.
	for _, tc := range []struct {
		command, agent string
		own            bool
		seconds        int64
	}{
		{"'/bin/hookctl' run --agent copilot --deadline 10 'preToolUse'", "copilot", true, 10},
		{"/bin/hookctl run --agent copilot preToolUse", "copilot", true, 0},
		{"/bin/hookctl run --agent copilot --deadline 10", "copilot", false, 0},
		{"/bin/hookctl run --agent copilot --deadline 10 PreToolUse", "copilot", false, 0},
		{"/bin/hookctl run --agent cline --deadline 120 PreToolUse", "cline", true, 120},
		{"/bin/hookctl run --agent cline --deadline 120 PreToolUse extra", "cline", false, 0},
	} {
		if got := IsOwnCommand(tc.command, tc.agent, "hookctl"); got != tc.own {
			t.Errorf("IsOwnCommand(%q, %s) = %v, want %v", tc.command, tc.agent, got, tc.own)
		}
		if n, ok := OwnDeadline(tc.command, tc.agent); tc.own && (n != tc.seconds || ok != (tc.seconds > 0)) {
			t.Errorf("OwnDeadline(%q) = %d, %v, want %d", tc.command, n, ok, tc.seconds)
		}
	}
}

// An entry written by an older hookctl, without --deadline, is still hookctl's: install
// replaces its command in place instead of adding a second entry beside it.
func TestInstallReplacesEntryWithoutDeadline(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hooks.json")
	old := `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"/old/place/hookctl run --agent codex","timeout":10}]}]}}`
	if err := os.WriteFile(path, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	tg := target(t, "codex", path)
	r, err := Install(tg, []Want{{"PreToolUse", 10, 10}}, false)
	if err != nil || len(r.Updated) != 1 || len(r.Added) != 0 {
		t.Fatalf("install: %+v, %v", r, err)
	}
	got, _ := os.ReadFile(path)
	want := `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"` + tg.Command + ` --deadline 10","timeout":10}]}]}}`
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
