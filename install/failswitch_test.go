package install

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
)

// TestFailSwitchOldEntry: an entry an older hookctl wrote without the switch, or one whose
// switch was set to let failures pass, is given "onFailure": "block" by the next install (the
// attack: a killed hookctl reads as "go on"); uninstall then gives back the person's file byte
// for byte, and install again changes nothing.
func TestFailSwitchOldEntry(t *testing.T) {
	cmd := CommandLine(testBin, "claude-code", RunFlags{}) + " --deadline 10"
	quoted, _ := json.Marshal(cmd)
	person := "{\n  \"model\": \"opus\"\n}\n"
	for name, old := range map[string]string{
		"no switch": `{"type": "command", "command": ` + string(quoted) + `, "timeout": 10}`,
		"continue":  `{"type": "command", "command": ` + string(quoted) + `, "timeout": 10, "onFailure": "continue"}`,
		"a number":  `{"type": "command", "command": ` + string(quoted) + `, "timeout": 10, "onFailure": 0}`,
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "settings.json")
			tg := target(t, "claude-code", path)
			// The backup is the person's file; the file is the one the older hookctl wrote.
			if err := os.WriteFile(path+BackupSuffix, []byte(person), 0o600); err != nil {
				t.Fatal(err)
			}
			written := "{\n  \"model\": \"opus\",\n  \"hooks\": {\"PreToolUse\": [{\"hooks\": [" + old + "]}]}\n}\n"
			if err := os.WriteFile(path, []byte(written), 0o600); err != nil {
				t.Fatal(err)
			}
			want := []Want{{Event: "PreToolUse", Timeout: 10, Deadline: 10}}
			r, err := Install(tg, want, false)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Updated) != 1 {
				t.Errorf("install did not report the entry updated: %+v", r)
			}
			if got := switchesOf(t, path); len(got) != 1 || got[0] != `"block"` {
				t.Fatalf("the entry's onFailure after install: %v", got)
			}
			if r, err := Install(tg, want, false); err != nil || r.Changed {
				t.Fatalf("install again changed the file: %v %+v", err, r)
			}
			if _, err := Uninstall(tg, false); err != nil {
				t.Fatal(err)
			}
			if data, _ := os.ReadFile(path); string(data) != person {
				t.Errorf("uninstall left:\n%s\nwant the person's file:\n%s", data, person)
			}
		})
	}
}

// switchesOf lists the onFailure values (as JSON text) of the file's hook entries.
func switchesOf(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Hooks map[string][]struct {
			Hooks []map[string]json.RawMessage `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, groups := range v.Hooks {
		for _, g := range groups {
			for _, h := range g.Hooks {
				out = append(out, string(h["onFailure"]))
			}
		}
	}
	return out
}

// TestFailSwitchLayers: every entry hookctl writes for Claude Code carries the switch, in the
// person's, the project's and the administrator's wiring, on every event it wires; the agents
// without a switch get no key they do not know.
func TestFailSwitchLayers(t *testing.T) {
	want := []Want{{Event: "PreToolUse", Timeout: 10, Deadline: 10}, {Event: "UserPromptSubmit", Timeout: 10, Deadline: 10},
		{Event: "PostToolUse", Timeout: 10, Deadline: 10}, {Event: "SessionStart", Timeout: 5, Deadline: 5}}
	d, _ := agent.Lookup("claude-code")
	for layer, tg := range map[string]Target{
		"person":  TargetFor(d, "", testBin, RunFlags{Guarded: true}),
		"project": TargetFor(d, "", testBin, RunFlags{ProjectWiring: true}),
		"system":  systemTarget(t, "claude-code", "", true),
	} {
		t.Run(layer, func(t *testing.T) {
			tg.Path = filepath.Join(t.TempDir(), "settings.json")
			if _, err := Install(tg, want, false); err != nil {
				t.Fatal(err)
			}
			got := switchesOf(t, tg.Path)
			if len(got) != len(want) {
				t.Fatalf("%d entries, want %d", len(got), len(want))
			}
			for _, s := range got {
				if s != `"block"` {
					t.Errorf("an entry's onFailure is %q, want \"block\"", s)
				}
			}
		})
	}
	for _, name := range []string{"gemini", "copilot", "windsurf", "cursor"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "hooks.json")
			d, _ := agent.Lookup(name)
			tg := TargetFor(d, path, testBin, RunFlags{})
			ev, _ := d.InstallEvent("pre_tool_call")
			if _, err := Install(tg, []Want{{Event: ev, Timeout: 10, Deadline: 10}}, false); err != nil {
				t.Fatal(err)
			}
			data, _ := os.ReadFile(path)
			if strings.Contains(string(data), "onFailure") || strings.Contains(string(data), "failClosed") {
				t.Errorf("%s's entry carries a switch it has none of (or one not proven):\n%s", name, data)
			}
		})
	}
}

// TestFailSwitchCursorBuilt: Cursor's failClosed is built (the entry install would write) but
// not wired until a run of Cursor proves it (SPEC 28.37).
func TestFailSwitchCursorBuilt(t *testing.T) {
	sw, ok := FailSwitchOf("cursor")
	if !ok || sw.Proven || wiredFailSwitch("cursor") != nil {
		t.Fatalf("Cursor's switch: %+v %v, want built and not wired", sw, ok)
	}
	s := &settings{layout: Flat}
	data, err := json.Marshal(s.hookObject("hookctl run --agent cursor", 10, &sw))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"command":"hookctl run --agent cursor","timeout":10,"failClosed":true}`; string(data) != want {
		t.Errorf("got %s, want %s", data, want)
	}
	for _, name := range []string{"codex", "gemini", "copilot", "cline", "windsurf"} {
		if _, ok := FailSwitchOf(name); ok {
			t.Errorf("%s has a switch in the table, but its current release has none", name)
		}
	}
}

// TestFailSwitchFindings: a wired agent older than its switch's first release is warned of,
// once however many events are wired; a newer one, one whose release cannot be read and an
// agent without a switch are not.
func TestFailSwitchFindings(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a program there is found by its extension (PATHEXT)")
	}
	claude := []Wiring{{Agent: "claude-code", Event: "pre_tool_call"}, {Agent: "claude-code", Event: "post_tool_call"}}
	for _, tc := range []struct {
		name    string
		release string // the folder claude is installed in, as its installer names it; "" for none on PATH
		wired   []Wiring
		want    int
	}{
		{"older than the switch", "2.1.100", claude, 1},
		{"the switch's release", "2.1.332", claude, 0},
		{"not on PATH", "", claude, 0},
		{"no switch", "2.1.100", []Wiring{{Agent: "hermes", Event: "pre_tool_call"}}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if tc.release != "" {
				dir = filepath.Join(dir, tc.release)
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, "claude"), []byte("#!/bin/sh\nexit 1\n"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			t.Setenv("PATH", dir)
			got := FailSwitchFindings(tc.wired)
			if len(got) != tc.want {
				t.Fatalf("%d finding(s), want %d: %+v", len(got), tc.want, got)
			}
			if tc.want > 0 && !strings.Contains(got[0].Message, "Claude Code") {
				t.Errorf("the finding names no agent: %+v", got[0])
			}
		})
	}
}
