package install

import (
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
