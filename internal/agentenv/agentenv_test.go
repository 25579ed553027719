package agentenv

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func env(vars ...string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		for _, kv := range vars {
			if n, v, _ := strings.Cut(kv, "="); n == name {
				return v, true
			}
		}
		return "", false
	}
}

// table is a process table from a list: each process's parent is the next one.
func table(procs ...Process) ProcessTable {
	return func(pid int) (Process, error) {
		for _, p := range procs {
			if p.PID == pid {
				return p, nil
			}
		}
		return Process{}, errors.New("no such process")
	}
}

// chain is the process 100 (this one, hookctl) under the given ancestors, nearest first,
// with pids 101, 102, ... and init at the top.
func chain(ancestors ...Process) ProcessTable {
	procs := []Process{{PID: 100, Comm: "hookctl", Args: []string{"hookctl", "hooks", "approve", "--all"}}}
	procs = append(procs, ancestors...)
	for i := range procs {
		procs[i].PID = 100 + i
		procs[i].PPID = 101 + i
	}
	procs = append(procs, Process{PID: 100 + len(procs), PPID: 0, Comm: "systemd", Args: []string{"/sbin/init"}})
	return table(procs...)
}

var shell = Process{Comm: "bash", Args: []string{"-bash"}}

// TestDetectEachSignAlone: every sign, alone, is detected and named; a person's own shell and
// terminal give none.
func TestDetectEachSignAlone(t *testing.T) {
	tests := []struct {
		name  string
		env   []string
		procs ProcessTable
		want  Sign // the zero Sign: no sign
	}{
		{name: "a person's shell", procs: chain(shell, Process{Comm: "sshd", Args: []string{"sshd: me@pts/0"}})},
		{name: "a person's variables", env: []string{"CODEX_HOME=/x", "CLAUDE_CONFIG_DIR=/y", "PAGER=less"}, procs: chain(shell)},
		{name: "no process table", procs: nil},
		{name: "unknown system", procs: func(int) (Process, error) { return Process{}, ErrUnknown }},
		{name: "hookctl's marker", env: []string{"HOOKCTL_HOOK=1"}, procs: chain(shell),
			want: Sign{Kind: Marker, Name: "HOOKCTL_HOOK", Agent: "hookctl"}},
		{name: "hookctl's event variable", env: []string{"HOOKCTL_EVENT=pre_tool_call"}, procs: chain(shell),
			want: Sign{Kind: Marker, Name: "HOOKCTL_EVENT", Agent: "hookctl"}},
		{name: "empty still set", env: []string{"CLAUDECODE="}, procs: chain(shell),
			want: Sign{Kind: Variable, Name: "CLAUDECODE", Agent: "claude-code"}},
		{name: "ancestor claude by comm", procs: chain(shell, Process{Comm: "claude", Args: []string{"claude", "-p"}}),
			want: Sign{Kind: Ancestor, Name: "claude", Agent: "claude-code", PID: 102}},
		{name: "ancestor copilot by argv[0]", procs: chain(shell, Process{Comm: "MainThread", Args: []string{"copilot", "-p"}}),
			want: Sign{Kind: Ancestor, Name: "copilot", Agent: "copilot", PID: 102}},
		{name: "ancestor node running claude-code's cli.js", procs: chain(shell,
			Process{Comm: "node", Args: []string{"/usr/bin/node", "/usr/lib/node_modules/@anthropic-ai/claude-code/cli.js", "-p"}}),
			want: Sign{Kind: Ancestor, Name: "cli", Agent: "claude-code", PID: 102}},
		{name: "ancestor node with options before gemini", procs: chain(shell,
			Process{Comm: "node", Args: []string{"node", "--max-old-space-size=12052", "/opt/bin/gemini"}}),
			want: Sign{Kind: Ancestor, Name: "gemini", Agent: "gemini", PID: 102}},
		{name: "ancestor cursor-agent", procs: chain(Process{Comm: "cursor-agent"}),
			want: Sign{Kind: Ancestor, Name: "cursor-agent", Agent: "cursor", PID: 101}},
		{name: "ancestor windsurf, far up", procs: chain(shell, shell, shell, Process{Comm: "windsurf", Args: []string{"/opt/Windsurf/windsurf"}}),
			want: Sign{Kind: Ancestor, Name: "windsurf", Agent: "windsurf", PID: 104}},
		{name: "ancestor hookctl running a hook", procs: chain(shell,
			Process{Comm: "hookctl", Args: []string{"/usr/local/bin/hookctl", "run", "--agent", "claude-code", "PreToolUse"}}),
			want: Sign{Kind: Ancestor, Name: "hookctl", Agent: "hookctl", PID: 102}},
		{name: "ancestor hookctl-serve", procs: chain(Process{Comm: "hookctl-serve", Args: []string{"hookctl-serve"}}),
			want: Sign{Kind: Ancestor, Name: "hookctl-serve", Agent: "hookctl", PID: 101}},
		{name: "ancestor hookctl not running hooks", procs: chain(Process{Comm: "hookctl", Args: []string{"hookctl", "hooks", "test", "x"}})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			signs := Detect(env(tt.env...), tt.procs, 100)
			if tt.want == (Sign{}) {
				if len(signs) > 0 {
					t.Fatalf("signs %v, want none", signs)
				}
				return
			}
			if len(signs) != 1 || signs[0] != tt.want {
				t.Fatalf("signs %+v, want only %+v", signs, tt.want)
			}
			if s := signs[0].String(); !strings.Contains(s, tt.want.Name) {
				t.Errorf("%q does not name %s", s, tt.want.Name)
			}
		})
	}
}

// TestDetectOrder: the environment's signs come before the ancestors', markers first, and
// the ancestors nearest first.
func TestDetectOrder(t *testing.T) {
	procs := chain(Process{Comm: "codex", Args: []string{"codex", "exec"}}, Process{Comm: "node", Args: []string{"node", "/x/bin/codex"}})
	signs := Detect(env("GEMINI_CLI=1", "HOOKCTL_HOOK=1", "AI_AGENT=x"), procs, 100)
	var names []string
	for _, s := range signs {
		names = append(names, s.Name)
	}
	if want := []string{"HOOKCTL_HOOK", "AI_AGENT", "GEMINI_CLI", "codex", "codex"}; !slices.Equal(names, want) {
		t.Errorf("signs %v, want %v", names, want)
	}
}

// TestDetectLoopingTable: a table whose processes are each other's parents ends the walk.
func TestDetectLoopingTable(t *testing.T) {
	procs := table(Process{PID: 100, PPID: 101, Comm: "sh"}, Process{PID: 101, PPID: 100, Comm: "sh"})
	if signs := Detect(env(), procs, 100); len(signs) != 0 {
		t.Errorf("signs %v, want none", signs)
	}
}

// goldenDir holds what the real-agent suite recorded of each agent's shell tool (the
// shell-env case): the evidence detection is built from.
var goldenDir = filepath.Join("..", "..", "e2e", "testdata", "shell-env")

func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if sc.Text() != "" {
			lines = append(lines, sc.Text())
		}
	}
	return lines
}

// TestVariablesAreRecorded: every variable detected was seen in the real agent it is said to
// belong to, and every agent the suite ran is detected by a variable of its own.
func TestVariablesAreRecorded(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(goldenDir, "*.env"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files in %s: %v", goldenDir, err)
	}
	seen := map[string][]string{} // variable -> agents whose shell tool had it
	for _, f := range files {
		agent := strings.TrimSuffix(filepath.Base(f), ".env")
		own := 0
		for _, name := range readLines(t, f) {
			seen[name] = append(seen[name], agent)
			if Variables()[name] == agent {
				own++
			}
		}
		if own == 0 {
			t.Errorf("no variable of %s's shell tool (%s) is detected", agent, f)
		}
	}
	for name, agent := range Variables() {
		switch {
		case len(seen[name]) == 0:
			t.Errorf("%s is detected but no agent's shell tool had it", name)
		case agent != "" && !slices.Contains(seen[name], agent):
			t.Errorf("%s is said to be %s's, but only %v had it", name, agent, seen[name])
		}
	}
}

// TestAncestorsAreRecorded: in every agent's recorded process chain, some process is
// detected as that agent.
func TestAncestorsAreRecorded(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(goldenDir, "*.ancestors"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files in %s: %v", goldenDir, err)
	}
	for _, f := range files {
		agent := strings.TrimSuffix(filepath.Base(f), ".ancestors")
		found := false
		for _, line := range readLines(t, f) {
			fields := strings.Split(line, "\t")
			if len(fields) != 3 {
				t.Fatalf("%s: line %q is not comm, argv[0], argv[1]", f, line)
			}
			s, ok := ancestorSign(Process{Comm: fields[0], Args: []string{fields[1], fields[2]}})
			found = found || ok && s.Agent == agent
		}
		if !found {
			t.Errorf("no process of %s is detected as %s", f, agent)
		}
	}
}

func TestParseProcargs(t *testing.T) {
	raw := []byte{3, 0, 0, 0}
	raw = append(raw, "/usr/local/bin/node\x00\x00\x00\x00node\x00/opt/homebrew/lib/node_modules/@google/gemini-cli/dist/index.js\x00-p\x00HOME=/Users/me\x00"...)
	got := parseProcargs(raw)
	want := []string{"node", "/opt/homebrew/lib/node_modules/@google/gemini-cli/dist/index.js", "-p"}
	if !slices.Equal(got, want) {
		t.Errorf("parseProcargs = %q, want %q", got, want)
	}
	for _, bad := range [][]byte{nil, {1, 0}, {1, 0, 0, 0}, {9, 0, 0, 0, 'x', 0, 'a', 0}} {
		if got := parseProcargs(bad); len(got) > 1 {
			t.Errorf("parseProcargs(%q) = %q", bad, got)
		}
	}
}
