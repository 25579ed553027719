package agent

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Every agent has a switch entry: its files and reader, or an explicit None saying why not.
func TestSwitchesEveryAgent(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			s, ok := SwitchesOf(name)
			switch {
			case !ok:
				t.Fatalf("%s has no switch entry in switchTable", name)
			case s.None != "" && len(s.Files) > 0:
				t.Fatalf("%s says it has no switch but lists files", name)
			case s.None == "" && (len(s.Files) == 0 || s.Read == nil || s.Key == "" || s.Live == ""):
				t.Fatalf("%s: a switch entry needs files, a reader, its key and when it takes effect", name)
			}
			for _, f := range s.Files {
				if f.Layer != LayerUser && (f.DirEnv != "" || f.HomeEnv != "") {
					t.Errorf("%s: a project file moved by a variable: %+v", name, f)
				}
			}
			for _, e := range s.Escapes {
				if (e.Flag == "") == (e.Env == "") || e.What == "" {
					t.Errorf("%s: an escape names one flag or one variable, and what it does: %+v", name, e)
				}
			}
		})
	}
}

func TestSwitchReaders(t *testing.T) {
	cases := []struct {
		agent, content, setting string
		off, bad                bool
	}{
		{"claude-code", `{"disableAllHooks": true}`, "disableAllHooks", true, false},
		{"claude-code", `{"disableAllHooks": false, "theme": "x"}`, "", false, false},
		{"claude-code", `{"disableAllHooks": "true"}`, "", false, false}, // Claude Code compares === true
		{"claude-code", ``, "", false, false},
		{"claude-code", `{"disableAllHooks": tru`, "", false, true},
		{"claude-code", `[1]`, "", false, true},
		{"codex", "[features]\nhooks = false\n", "[features] hooks = false", true, false},
		{"codex", "features.hooks = false\n", "[features] hooks = false", true, false},
		{"codex", "[features]\nhooks = true\n", "", false, false},
		{"codex", "profile = \"p\"\n[profiles.p.features]\nhooks = false\n", "[profiles.p.features] hooks = false", true, false},
		{"codex", "profile = \"q\"\n[profiles.p.features]\nhooks = false\n", "", false, false},
		{"codex", "[features\nhooks = false", "", false, true},
		{"copilot", `{"disableAllHooks": true}`, "disableAllHooks", true, false},
		{"copilot", `{"disabledHooks": ["3f2a"]}`, "disabledHooks", true, false},
		{"copilot", `{"disabledHooks": []}`, "", false, false},
		{"gemini", "{\n// off\n\"hooksConfig\": {\"enabled\": false,},\n}", "hooksConfig.enabled", true, false},
		{"gemini", `{"hooksConfig": {"disabled": ["hookctl run --agent gemini"]}}`, "hooksConfig.disabled", true, false},
		{"gemini", `{"hooksConfig": {"disabled": ["./other.sh"]}}`, "", false, false},
		{"gemini", `{"hooks": {"enabled": false}}`, "", false, false}, // skipped by Gemini: not its switch
		{"qwen-code", "{\n// off\n\"disableAllHooks\": true}", "disableAllHooks", true, false},
		{"qwen-code", `{"disableAllHooks": false}`, "", false, false},
		{"droid", `{"hooks": {"hooksDisabled": true}}`, "hooks.hooksDisabled", true, false},
		{"droid", `{"hooksDisabled": true}`, "hooksDisabled", true, false},
		{"droid", `{"PreToolUse": []}`, "a PreToolUse list that replaces settings.json's", true, false},
		{"droid", `{"PreToolUse": [{"hooks": [{"type": "command", "command": "'/usr/bin/hookctl' run --agent droid"}]}]}`, "", false, false},
		{"droid", `{"hooks": {"hooksDisabled": false, "PreToolUse": []}}`, "", false, false},
	}
	for _, c := range cases {
		t.Run(c.agent+"/"+c.content, func(t *testing.T) {
			s, _ := SwitchesOf(c.agent)
			setting, off, err := s.Read([]byte(c.content))
			if (err != nil) != c.bad {
				t.Fatalf("error %v, want error %v", err, c.bad)
			}
			if off != c.off || (off && setting != c.setting) {
				t.Fatalf("got %q %v, want %q %v", setting, off, c.setting, c.off)
			}
		})
	}
}

// The attack's files, and files that cannot be judged: each is a finding, none hangs.
func TestSwitchedOffFiles(t *testing.T) {
	d, _ := Lookup("claude-code")
	cases := []struct {
		name  string
		make  func(t *testing.T, p string)
		err   bool
		found bool
	}{
		{"absent", func(t *testing.T, p string) {}, false, false},
		{"on", writeFile(`{"model":"x"}`), false, false},
		{"off", writeFile(`{"disableAllHooks":true}`), false, true},
		{"invalid", writeFile(`{"disableAllHooks":`), true, true},
		{"escaped key", writeFile(`{"disable\u0041llHooks":true}`), false, true},
		{"invalid, no switch key", writeFile(`{"model":`), false, false},
		{"huge", writeFile(`{"x":"` + strings.Repeat("a", MaxSwitchFile) + `"}`), true, true},
		{"folder", func(t *testing.T, p string) { must(t, os.Mkdir(p, 0o700)) }, true, true},
		{"fifo", func(t *testing.T, p string) {
			if runtime.GOOS == "windows" {
				t.Skip("no FIFOs")
			}
			must(t, mkfifo(p))
		}, true, true},
		{"file as folder", func(t *testing.T, p string) {
			must(t, os.RemoveAll(filepath.Dir(p)))
			must(t, os.WriteFile(filepath.Dir(p), nil, 0o600))
		}, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home, proj := t.TempDir(), t.TempDir()
			p := filepath.Join(proj, ".claude", "settings.local.json")
			must(t, os.MkdirAll(filepath.Dir(p), 0o700))
			c.make(t, p)
			done := make(chan []SwitchFinding, 1)
			go func() { done <- d.SwitchedOff(home, []string{proj}, nil) }()
			var got []SwitchFinding
			select {
			case got = <-done:
			case <-time.After(30 * time.Second):
				t.Fatal("the check hung")
			}
			if (len(got) > 0) != c.found {
				t.Fatalf("found %v, want %v", got, c.found)
			}
			if c.found && (got[0].Err != nil) != c.err {
				t.Fatalf("error %v, want error %v", got[0].Err, c.err)
			}
			if c.found && !strings.Contains(got[0].Message(), filepath.FromSlash(".claude/settings.local.json")) {
				t.Fatalf("the message does not name the file: %s", got[0].Message())
			}
		})
	}
}

func TestSwitchPathsFollowVariables(t *testing.T) {
	env := map[string]string{"CODEX_HOME": "/x/codex", "GEMINI_CLI_HOME": "/x/gh", "COPILOT_HOME": "/x/cp"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	want := map[string]string{
		"codex":   filepath.FromSlash("/x/codex/config.toml"),
		"gemini":  filepath.FromSlash("/x/gh/.gemini/settings.json"),
		"copilot": filepath.FromSlash("/x/cp/settings.json"),
	}
	for name, p := range want {
		d, _ := Lookup(name)
		if got := d.SwitchPaths("/h", nil, lookup); len(got) != 1 || got[0] != p {
			t.Errorf("%s: %v, want [%s]", name, got, p)
		}
	}
}

// BenchmarkSwitchedOff is the check a tool call pays: Claude Code's three files, the user's and
// two project folders' (six paths), all absent, then all present.
func BenchmarkSwitchedOff(b *testing.B) {
	d, _ := Lookup("claude-code")
	home, proj, root := b.TempDir(), b.TempDir(), b.TempDir()
	projects := []string{proj, root}
	b.Run("absent", func(b *testing.B) {
		for b.Loop() {
			d.SwitchedOff(home, projects, nil)
		}
	})
	settings := `{"permissions":{"allow":["Bash(ls)"]},"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"hookctl run --agent claude-code"}]}]}}`
	for _, dir := range []string{home, proj, root} {
		must(b, os.MkdirAll(filepath.Join(dir, ".claude"), 0o700))
		for _, f := range []string{"settings.json", "settings.local.json"} {
			must(b, os.WriteFile(filepath.Join(dir, ".claude", f), []byte(settings), 0o600))
		}
	}
	b.Run("present", func(b *testing.B) {
		for b.Loop() {
			if got := d.SwitchedOff(home, projects, nil); len(got) != 0 {
				b.Fatal(got)
			}
		}
	})
}

func writeFile(content string) func(t *testing.T, p string) {
	return func(t *testing.T, p string) { must(t, os.WriteFile(p, []byte(content), 0o600)) }
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
