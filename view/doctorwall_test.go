package view

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/wall"
)

// TestWallStates: one state per agent wired in the person's own settings; Claude Code's
// wall read from its settings' prefix, another agent's from the memory of a wall by its start.
func TestWallStates(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the wall is Linux's and macOS's: its commands, shells and paths are POSIX ones")
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "home")
	bin := filepath.Join(dir, "bin", "hookctl")
	prefix, err := install.WallPrefix(bin, home)
	if err != nil {
		t.Fatal(err)
	}
	walled := filepath.Join(dir, "walled.json")
	plain := filepath.Join(dir, "plain.json")
	if err := os.WriteFile(walled, []byte(`{"env": {"`+install.ShellPrefixVar+`": "`+prefix+`"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(plain, []byte(`{}`), 0o600); err != nil {
		t.Fatal(err)
	}
	start := startAgent(t)
	up := wall.Status{State: wall.Up, ABI: 7}
	down := wall.Status{State: wall.Unavailable, Reason: "no Landlock here"}
	byStart := []install.WallWired{{Agent: start.Name, Mode: install.WallByStart}}
	claude := install.Wiring{Agent: install.WallAgent, Scope: "user", File: walled}
	tests := []struct {
		name       string
		st         wall.Status
		wired      []install.Wiring
		only       string
		remembered []install.WallWired
		want       []doctor.WallState
		finding    string // a part of the one error expected, "" for none
	}{
		{"prefix wired, up", up, []install.Wiring{claude, claude}, "", nil,
			[]doctor.WallState{{Agent: install.WallAgent, Wired: true, State: "up", ABI: 7}}, ""},
		{"prefix absent", up, []install.Wiring{{Agent: install.WallAgent, Scope: "user", File: plain}}, "", nil,
			[]doctor.WallState{{Agent: install.WallAgent, State: "up", ABI: 7}}, ""},
		{"project wiring is not shown", up, []install.Wiring{{Agent: install.WallAgent, Scope: "project", File: walled}}, "", nil, nil, ""},
		{"by start, up", up, []install.Wiring{{Agent: start.Name, Scope: "user"}}, "", byStart,
			[]doctor.WallState{{Agent: start.Name, Wired: true, Start: true, State: "up", ABI: 7}}, ""},
		{"by start, down", down, []install.Wiring{{Agent: start.Name, Scope: "user"}}, "", byStart,
			[]doctor.WallState{{Agent: start.Name, Wired: true, Start: true, State: string(down.State), Reason: "no Landlock here"}}, "exits 126"},
		{"not remembered", up, []install.Wiring{{Agent: start.Name, Scope: "user"}}, "", nil,
			[]doctor.WallState{{Agent: start.Name, State: "up", ABI: 7}}, ""},
		{"only one agent", up, []install.Wiring{claude, {Agent: start.Name, Scope: "user"}}, start.Name, nil,
			[]doctor.WallState{{Agent: start.Name, State: "up", ABI: 7}}, ""},
		{"an unknown agent", up, []install.Wiring{{Agent: "nobody", Scope: "user"}}, "", nil, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var only *agent.Dialect
			if tt.only != "" {
				only, _ = agent.Lookup(tt.only)
			}
			states, findings := WallStates(tt.st, tt.wired, only, tt.remembered, home, filepath.Base(bin))
			if len(states) != len(tt.want) {
				t.Fatalf("states %+v, want %+v", states, tt.want)
			}
			for i := range states {
				if states[i] != tt.want[i] {
					t.Errorf("state %+v, want %+v", states[i], tt.want[i])
				}
			}
			switch {
			case tt.finding == "" && len(findings) > 0:
				t.Errorf("findings %+v, want none", findings)
			case tt.finding != "" && (len(findings) != 1 || findings[0].Severity != doctor.SeverityError || !strings.Contains(findings[0].Message, tt.finding)):
				t.Errorf("findings %+v, want one error saying %q", findings, tt.finding)
			}
		})
	}
}

// startAgent is an agent other than Claude Code proven to run started behind the wall.
func startAgent(t *testing.T) *agent.Dialect {
	t.Helper()
	for _, d := range agent.Dialects() {
		if d.WallStart && d.Name != install.WallAgent {
			return d
		}
	}
	t.Skip("no agent runs started behind the wall")
	return nil
}

// TestWallLine: what is wired and what the wall does here, in one line per agent.
func TestWallLine(t *testing.T) {
	start := startAgent(t)
	claude, _ := agent.Lookup(install.WallAgent)
	tests := []struct {
		name string
		w    doctor.WallState
		want []string
	}{
		{"prefix wired", doctor.WallState{Agent: claude.Name, Wired: true, State: "up", ABI: 7},
			[]string{claude.Title + ": wired to run its commands behind the wall; the wall goes up here (up, Landlock ABI 7)"}},
		{"prefix not wired", doctor.WallState{Agent: claude.Name, State: "up"},
			[]string{"hookctl install " + claude.Name + " --wall puts its commands there", "the wall goes up here (up)"}},
		{"by start", doctor.WallState{Agent: start.Name, Wired: true, Start: true, Reason: "no Landlock"},
			[]string{"start it as " + install.StartCommand(start), "the wall cannot go up here: no Landlock"}},
		{"could be by start", doctor.WallState{Agent: start.Name, State: "up"},
			[]string{"--wall, then start it as hookctl wall -- "}},
		{"unknown agent", doctor.WallState{Agent: "nobody", State: "up"},
			[]string{"nobody: not behind the wall (the wall is not proven to reach it"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := WallLine(tt.w)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("WallLine = %q, want it to say %q", got, w)
				}
			}
		})
	}
}
