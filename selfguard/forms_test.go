package selfguard

import (
	"os"
	"path/filepath"
	"testing"
)

// TestJudgeShellForms holds the shell forms SPEC 24.7 names, each written as the attack on the
// hookctl home.
func TestJudgeShellForms(t *testing.T) {
	f := newFixture(t)
	tests := []struct {
		name, cmd string
		cwd       string
	}{
		{"CDPATH finds the home", `CDPATH=~ cd .agent-hooks && rm -f allowlist.json`, ""},
		{"cd - goes to OLDPWD", `OLDPWD=~/.agent-hooks cd - && rm allowlist.json`, ""},
		{"${HOME:?}", `rm -rf ${HOME:?}/.agent-hooks`, ""},
		{"${HOME:-...}", `rm -rf ${HOME:-/nonexistent}/.agent-hooks`, ""},
		{"${X:-default}", `rm -rf ${X:-~/.agent-hooks}`, ""},
		{"~+ is the current folder", `rm -rf ~+/allowlist.json`, "HH"},
		{"~- is the previous folder", `cd ~/.agent-hooks; cd /tmp; rm -rf ~-/allowlist.json`, ""},
		{"bash -c with its arguments", `bash -c 'rm -rf "$1"' _ ~/.agent-hooks`, ""},
		{"bash -c with $@", `sh -c 'rm -rf "$@"' sh ~/.agent-hooks/allowlist.json`, ""},
		{"process substitution run by sh", `sh <(echo rm -rf ~/.agent-hooks)`, ""},
		{"process substitution sourced", `source <(echo rm -rf ~/.agent-hooks)`, ""},
		{"dot sources a process substitution", `. <(printf 'rm -rf %s' ~/.agent-hooks)`, ""},
		{"systemd-run --user", `systemd-run --user rm -rf ~/.agent-hooks`, ""},
		{"systemd-run --user --scope -p", `systemd-run --user --scope -p MemoryMax=1G --unit=x rm -rf ~/.agent-hooks`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cwd := tt.cwd
			if cwd == "HH" {
				cwd = f.hh
			}
			reason, deny := Judge(f.p, f.call("Bash", bash(tt.cmd), cwd))
			if !deny {
				t.Fatalf("%s: allowed", tt.cmd)
			}
			t.Log(reason)
		})
	}
}

// TestJudgeXargsArgFile: xargs -a FILE takes its names from FILE, whether the script wrote it
// or it lies on disk.
func TestJudgeXargsArgFile(t *testing.T) {
	f := newFixture(t)
	list := filepath.Join(f.home, "names.txt")
	if err := os.WriteFile(list, []byte("README.md\n"+f.hh+"/allowlist.json\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	plain := filepath.Join(f.home, "plain.txt")
	if err := os.WriteFile(plain, []byte("README.md\nbuild/out.o\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(f.home, "fifo")
	if err := syscallMkfifo(fifo); err != nil {
		t.Log("no FIFO here:", err)
		fifo = ""
	}
	tests := []struct {
		name, cmd string
		deny      bool
	}{
		{"written by echo", `echo ~/.agent-hooks/allowlist.json >/tmp/n && xargs -a /tmp/n rm`, true},
		{"--arg-file=", `echo ~/.agent-hooks/allowlist.json >/tmp/n; xargs --arg-file=/tmp/n rm -f`, true},
		{"-aFILE", `printf '%s\n' ~/.agent-hooks >>/tmp/n; xargs -a/tmp/n rm -rf`, true},
		{"--arg-file FILE", `echo ~/.agent-hooks >/tmp/n; xargs --arg-file /tmp/n -0 rm -rf`, true},
		{"written relative, read after cd", `echo ~/.agent-hooks > n; cd . && xargs -a ./n rm -rf`, true},
		{"a heredoc written", "cat >/tmp/n <<EOF\n$HOME/.agent-hooks/allowlist.guards.json\nEOF\nxargs -a /tmp/n shred", true},
		{"a list listed from the home", `ls -d ~/.agent-hooks/* > /tmp/n; xargs -a /tmp/n rm`, true},
		{"a file on disk", `xargs -a names.txt rm`, true},
		{"a file on disk through sh", `xargs -a ./names.txt sh -c 'rm "$@"' sh`, true},
		{"a list named by a variable", `echo ~/.agent-hooks >"$T/n"; xargs -a "$T/n" rm -rf`, true},
		{"a pattern names the list", `echo ~/.agent-hooks >/tmp/n1; xargs -a /tmp/n* rm -rf`, true},
		{"a plain list on disk", `xargs -a plain.txt rm`, false},
		{"a list the script wrote plainly", `echo build/out.o >/tmp/n && xargs -a /tmp/n rm`, false},
		{"a reader of the list", `xargs -a names.txt cat`, false},
		{"a missing list", `xargs -a /nonexistent/list rm`, false},
	}
	if fifo != "" {
		tests = append(tests, struct {
			name, cmd string
			deny      bool
		}{"a FIFO does not hang", "xargs -a " + fifo + " rm", false})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reason, deny := answerWithin(t, f.p, f.home, tt.cmd) // run in the home
			if deny != tt.deny {
				t.Fatalf("%s: deny %v, want %v (%s)", tt.cmd, deny, tt.deny, reason)
			}
		})
	}
}

// TestJudgeToolFolder: a shell tool that names its own working folder (Gemini's dir_path and
// directory, Windsurf's tool_info.cwd, Codex's workdir) runs its command there.
func TestJudgeToolFolder(t *testing.T) {
	f := newFixture(t)
	tests := []struct {
		name, tool string
		input      map[string]any
		cwd        string
		deny       bool
	}{
		{"Gemini dir_path, absolute", "run_shell_command", map[string]any{"command": "rm -f allowlist.json", "dir_path": f.hh}, "", true},
		{"Gemini dir_path, relative to the payload's", "run_shell_command", map[string]any{"command": "rm -f allowlist.json", "dir_path": "../.agent-hooks"}, "", true},
		{"Gemini directory", "run_shell_command", map[string]any{"command": "truncate -s0 allowlist.guards.json", "directory": ".agent-hooks"}, f.home, true},
		{"Windsurf tool_info.cwd", "run_command", map[string]any{"command_line": "mv allowlist.json /tmp/x", "cwd": f.hh}, "", true},
		{"Codex workdir", "shell", map[string]any{"command": []any{"rm", "allowlist.json"}, "workdir": f.hh}, "", true},
		{"a cd from there", "run_shell_command", map[string]any{"command": "cd .agent-hooks && rm allowlist.json", "dir_path": f.home}, "", true},
		{"elsewhere", "run_shell_command", map[string]any{"command": "rm -f allowlist.json", "dir_path": "/tmp"}, "", false},
		{"a plain file there", "run_command", map[string]any{"command_line": "rm -f config.yaml.bak", "cwd": f.hh}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reason, deny := Judge(f.p, f.call(tt.tool, tt.input, tt.cwd))
			if deny != tt.deny {
				t.Fatalf("%v: deny %v, want %v (%s)", tt.input, deny, tt.deny, reason)
			}
		})
	}
}
