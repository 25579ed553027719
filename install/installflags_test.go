package install

import (
	"runtime"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
)

// TestCheckFlags: flags that do not go together are refused naming what was meant; the rest
// pass.
func TestCheckFlags(t *testing.T) {
	tests := []struct {
		name string
		f    Flags
		want string // "" for accepted, else a part of the refusal
	}{
		{"plain", Flags{Agent: "claude-code"}, ""},
		{"project", Flags{Agent: "cursor", Project: true}, ""},
		{"system managed only", Flags{Agent: "claude-code", System: true, ManagedOnly: true}, ""},
		{"managed only alone", Flags{Agent: "claude-code", ManagedOnly: true}, "--managed-only goes with --system"},
		{"system and project", Flags{Agent: "claude-code", System: true, Project: true}, "name different files"},
		{"accept hooks in project", Flags{Agent: "codex", Project: true, AcceptHooks: true}, "hookctl install codex --accept-hooks"},
		{"accept hooks own", Flags{Agent: "codex", AcceptHooks: true}, ""},
		{"require project in project", Flags{Agent: "codex", Project: true, RequireProject: true}, RequireProjectVar + "=1"},
		{"require project in system", Flags{Agent: "codex", System: true, RequireProject: true}, "--require-project goes into your own wiring"},
		{"require project own", Flags{Agent: "codex", RequireProject: true}, ""},
		{"wall and no wall", Flags{Agent: "claude-code", Wall: true, NoWall: true}, "opposite things"},
		{"wall in project", Flags{Agent: "claude-code", Wall: true, Project: true}, "hookctl install claude-code --wall), never into a project's"},
		{"no wall in system", Flags{Agent: "claude-code", NoWall: true, System: true}, "hookctl install claude-code --no-wall), never into the administrator's"},
		{"wall for the prefix agent", Flags{Agent: WallAgent, Wall: true}, ""},
		{"wall for an agent it cannot reach", Flags{Agent: "windsurf", Wall: true}, "Windsurf is not proven to run behind the wall"},
		{"no wall for any agent", Flags{Agent: "windsurf", NoWall: true}, ""},
		{"wall flags checked first", Flags{Agent: "claude-code", Wall: true, Project: true, ManagedOnly: true}, "--wall goes into"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckFlags(tt.f)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.want != "" && err == nil:
				t.Fatalf("accepted, want a refusal with %q", tt.want)
			case tt.want != "" && !strings.Contains(err.Error(), tt.want):
				t.Fatalf("refusal %q, want it to say %q", err, tt.want)
			}
		})
	}
}

// TestWallFlagsByStart: --wall is accepted for every agent proven to run started behind the
// wall, and refused for every other agent but the prefix one.
func TestWallFlagsByStart(t *testing.T) {
	for _, d := range agent.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			err := CheckFlags(Flags{Agent: d.Name, Wall: true})
			if reach := d.WallStart || d.Name == WallAgent; reach != (err == nil) {
				t.Fatalf("WallStart %v: CheckFlags = %v", d.WallStart, err)
			}
		})
	}
}

// TestWallRecord: what the wiring memory records after install or uninstall.
func TestWallRecord(t *testing.T) {
	prefix, _ := agent.Lookup(WallAgent)
	var start *agent.Dialect
	for _, d := range agent.Dialects() {
		if d.WallStart && d.Name != WallAgent {
			start = d
			break
		}
	}
	if start == nil {
		t.Skip("no agent runs started behind the wall")
	}
	tests := []struct {
		name          string
		d             *agent.Dialect
		mode          WallMode
		wall          bool
		wired, record bool
		recordedMode  string
	}{
		{"install --wall, prefix", prefix, WallSet, true, true, true, WallByPrefix},
		{"install --no-wall, prefix", prefix, WallDrop, false, false, true, WallByPrefix},
		{"install, prefix left", prefix, WallKeep, false, false, false, WallByPrefix},
		{"install --wall, start", start, WallKeep, true, true, true, WallByStart},
		{"install, start left", start, WallKeep, false, false, false, WallByStart},
		{"uninstall, start", start, WallDrop, false, false, true, WallByStart},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, wired, record := WallRecord(tt.d, Target{Path: "/s", WallMode: tt.mode}, 6, tt.wall)
			if wired != tt.wired || record != tt.record || w.Mode != tt.recordedMode || w.Agent != tt.d.Name || w.File != "/s" || w.ABI != 6 {
				t.Fatalf("WallRecord = %+v, wired %v, record %v; want wired %v, record %v, mode %q", w, wired, record, tt.wired, tt.record, tt.recordedMode)
			}
		})
	}
}

// TestSetWall: --no-wall drops the prefix, --wall writes it for Claude Code once the wall goes
// up and writes nothing for an agent walled by its start; a wall that cannot go up, or a path
// the prefix cannot carry, refuses and leaves the target as it was.
func TestSetWall(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the wall's prefix carries POSIX paths: the wall is Linux's and macOS's")
	}
	start := "codex"
	up := func() (bool, string) { return true, "" }
	down := func() (bool, string) { return false, "no Landlock here" }
	tests := []struct {
		name         string
		agent        string
		wall, noWall bool
		ready        func() (bool, string)
		bin, home    string
		mode         WallMode
		prefix       string
		err          string
	}{
		{"neither", WallAgent, false, false, nil, "/b/hookctl", "/h", WallKeep, "", ""},
		{"no wall", WallAgent, false, true, nil, "/b/hookctl", "/h", WallDrop, "", ""},
		{"wall", WallAgent, true, false, up, "/b/hookctl", "/h", WallSet, "/b/hookctl " + WallShellFlag + "=/h", ""},
		{"wall by start", start, true, false, up, "/b/hookctl", "/h", WallKeep, "", ""},
		{"wall down", WallAgent, true, false, down, "/b/hookctl", "/h", WallKeep, "", "the wall cannot go up on this machine: no Landlock here; /s is unchanged"},
		{"wall down, by start", start, true, false, down, "/b/hookctl", "/h", WallKeep, "", "cannot go up"},
		{"a path the prefix cannot carry", WallAgent, true, false, up, "/b b/hookctl", "/h", WallKeep, "", "cannot wire the wall"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			target := Target{Path: "/s"}
			ready := tt.ready
			if ready == nil {
				ready = func() (bool, string) { t.Fatal("the wall was asked about"); return false, "" }
			}
			err := SetWall(&target, tt.agent, tt.wall, tt.noWall, ready, tt.bin, tt.home)
			switch {
			case tt.err == "" && err != nil:
				t.Fatal(err)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Fatalf("SetWall = %v, want %q", err, tt.err)
			}
			if target.WallMode != tt.mode || target.Wall != tt.prefix {
				t.Fatalf("target wall %q mode %v, want %q mode %v", target.Wall, target.WallMode, tt.prefix, tt.mode)
			}
		})
	}
}

// TestWallStartNote: the note names how to start the agent behind the wall and how to undo it.
func TestWallStartNote(t *testing.T) {
	for _, d := range agent.Dialects() {
		if !d.WallStart || d.Name == WallAgent {
			continue
		}
		t.Run(d.Name, func(t *testing.T) {
			note := WallStartNote(d)
			for _, want := range []string{"start it as " + StartCommand(d), "hookctl install " + d.Name + " --no-wall undoes this"} {
				if !strings.Contains(note, want) {
					t.Errorf("note %q does not say %q", note, want)
				}
			}
		})
	}
}

// TestStartCommand: the agent is started by its program behind hookctl wall, with the
// arguments it needs there.
func TestStartCommand(t *testing.T) {
	for _, d := range agent.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			cmd := StartCommand(d)
			if !strings.HasPrefix(cmd, "hookctl wall -- ") || !strings.HasSuffix(cmd, strings.Join(append([]string{""}, d.WallStartArgs...), " ")) {
				t.Fatalf("StartCommand = %q", cmd)
			}
		})
	}
}
