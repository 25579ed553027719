package selfguard

import "testing"

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
