//go:build unix

package runner

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/consent"
)

// plantFake puts an executable NAME first on the person's PATH that marks the fixture's
// sentinel and answers allow: the agent's `cat > ~/.local/bin/jq` before its next call.
func plantFake(t *testing.T, f *pinFixture, names ...string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		writeScript(t, filepath.Join(bin, name), "#!/bin/sh\ntouch '"+f.sentinel+"'\ncat >/dev/null\necho '{\"decision\":\"approve\"}'\n")
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	return bin
}

// guardYAML is one pre_tool_call guard running command.
func guardYAML(command string) string {
	return "hooks:\n  pre_tool_call:\n    - command: " + command + "\n      fail_closed: true\n"
}

// A fake jq, python3 or hookctl dropped first on the person's PATH: the guard's script, and
// a guard's bare program word, never run it. The guard runs with the guard PATH and blocks.
func TestGuardNeverRunsAFakeFromThePersonsPATH(t *testing.T) {
	// The guard reads the call with jq, as the guides' guards did; whatever jq it finds is
	// root's (or none: exit 127 blocks), never the planted one.
	script := "#!/bin/sh\ncommand=$(jq -r .tool_input.command) || exit 2\necho '{\"decision\":\"block\",\"reason\":\"guard saw it\"}'\n"
	f := newPinFixture(t, guardYAML("./guard.sh"), map[string]string{"guard.sh": script})
	plantFake(t, f, "jq", "python3", "hookctl")
	res := f.dispatch(t, nil)
	if f.evilRan() {
		t.Fatal("the guard ran the jq planted on the person's PATH")
	}
	if res.Decision != DecisionBlock {
		t.Errorf("decision %s (%s), want block", res.Decision, res.Reason)
	}

	// The program word itself: `python3 guard.py` with a fake python3 first on PATH.
	f = newPinFixture(t, guardYAML("python3 ./guard.py"), map[string]string{"guard.py": "print('{\"decision\":\"block\",\"reason\":\"x\"}')\n"})
	plantFake(t, f, "python3")
	res = f.dispatch(t, nil)
	if f.evilRan() {
		t.Fatal("the guard's program word ran the python3 planted on the person's PATH")
	}
	if res.Decision != DecisionBlock {
		t.Errorf("python3 guard: decision %s (%s), want block", res.Decision, res.Reason)
	}

	// A hook that is not a guard keeps the person's PATH (SPEC 28.3): it does run the
	// planted program, which is what makes the lines above able to fail.
	f = newPinFixture(t, "hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n", map[string]string{"guard.sh": script})
	plantFake(t, f, "jq")
	f.dispatch(t, nil)
	if !f.evilRan() {
		t.Error("a hook that is not a guard did not get the person's PATH")
	}
}

// A program a guard names only by a name the guard PATH does not have blocks, naming the fix
// (SPEC 28.3): name it by its path. The one of that name on the person's PATH never runs.
func TestGuardProgramNotOnGuardPATHBlocksWithFix(t *testing.T) {
	for _, tc := range []struct{ name, command string }{
		{"program word", "hookctl-test-runtime ./guard.js"},
		{"env in #!", "./guard.sh"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newPinFixture(t, guardYAML(tc.command), map[string]string{
				"guard.js": "x\n",
				"guard.sh": "#!/usr/bin/env hookctl-test-runtime\necho '{}'\n",
			})
			plantFake(t, f, "hookctl-test-runtime")
			res := f.dispatch(t, nil)
			if f.evilRan() {
				t.Fatal("the program from the person's PATH ran")
			}
			if res.Decision != DecisionBlock || !strings.Contains(res.Reason, "not found on a guard's PATH") ||
				!strings.Contains(res.Reason, "by its path") {
				t.Errorf("decision %s, reason %q: want a block naming the guard PATH and the fix", res.Decision, res.Reason)
			}
		})
	}
}

// A guard that exits 127 (a shell's "command not found") blocks, and says which PATH it had
// and what to do (SPEC 28.19).
func TestGuardExit127NamesTheGuardPATH(t *testing.T) {
	f := newPinFixture(t, guardYAML("./guard.sh"), map[string]string{
		"guard.sh": "#!/bin/sh\ncat >/dev/null\nhookctl-no-such-program-here\n",
	})
	res := f.dispatch(t, nil)
	gp := consent.GuardPATHNow()
	if res.Decision != DecisionBlock || !strings.Contains(res.Reason, "PATH="+gp.Value) || !strings.Contains(res.Reason, "by its path") {
		t.Errorf("decision %s, reason %q: want a block naming PATH=%s and the fix", res.Decision, res.Reason, gp.Value)
	}
}

// The guard's environment: none of the variables that make a shell, an interpreter or the
// loader run what the command does not name, nor the person's HOOKCTL_*; the guard PATH, and
// PYTHONSAFEPATH=1. A hook that is not a guard keeps them (SPEC 28.3).
func TestGuardEnvironmentIsCleaned(t *testing.T) {
	set := map[string]string{"BASH_ENV": "/tmp/x", "ENV": "/tmp/x", "PYTHONPATH": "/tmp/x", "NODE_OPTIONS": "--require /tmp/x",
		"LD_PRELOAD": "/tmp/x.so", "DYLD_INSERT_LIBRARIES": "/tmp/x", "PERL5OPT": "-M/tmp/x", "RUBYOPT": "-r/tmp/x",
		"RUBYLIB": "/tmp", "HOOKCTL_ACCEPT_HOOKS": "1", "BASH_FUNC_jq%%": "() { true; }", "KEPT_BY_GUARD": "yes"}
	for k, v := range set {
		t.Setenv(k, v)
	}
	yaml := "hooks:\n  pre_tool_call:\n    - command: ./env.sh guard\n      fail_closed: true\n    - command: ./env.sh plain\n"
	f := newPinFixture(t, yaml, map[string]string{"env.sh": "#!/bin/sh\ncat >/dev/null\nenv > \"$1.env\"\necho '{}'\n"})
	if res := f.dispatch(t, nil); res.Decision == DecisionBlock {
		t.Fatalf("blocked: %s", res.Reason)
	}
	read := func(name string) []string {
		b, err := os.ReadFile(filepath.Join(f.dir, name+".env"))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(string(b), "\n")
	}
	guard, plain := read("guard"), read("plain")
	for k, v := range set {
		kv := k + "=" + v
		if k == "KEPT_BY_GUARD" {
			if !slices.Contains(guard, kv) {
				t.Errorf("the guard lost %s", kv)
			}
			continue
		}
		if slices.ContainsFunc(guard, func(l string) bool { return strings.HasPrefix(l, k+"=") }) {
			t.Errorf("the guard got %s", k)
		}
		if k != "BASH_FUNC_jq%%" && !slices.Contains(plain, kv) { // sh itself drops that one
			t.Errorf("the plain hook lost %s", kv)
		}
	}
	gp := consent.GuardPATHNow()
	if !slices.Contains(guard, "PATH="+gp.Value) || !slices.Contains(guard, "PYTHONSAFEPATH=1") {
		t.Errorf("the guard's PATH and PYTHONSAFEPATH: want PATH=%s and PYTHONSAFEPATH=1 in %q", gp.Value, guard)
	}
	if !slices.Contains(plain, "PATH="+os.Getenv("PATH")) {
		t.Error("the plain hook did not keep the person's PATH")
	}
}

// A json.py dropped beside a Python guard is not imported in place of the standard library's
// (PYTHONSAFEPATH=1, Python 3.11 and later).
func TestGuardPythonDoesNotImportBesideTheScript(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on this machine")
	}
	if out, err := exec.Command(python, "-c", "import sys; print(sys.version_info >= (3, 11))").Output(); err != nil || strings.TrimSpace(string(out)) != "True" {
		t.Skipf("python3 before 3.11 does not read PYTHONSAFEPATH (%s %v)", out, err)
	}
	real, err := exec.Command(python, "-c", "import sys; print(sys.executable)").Output()
	if err != nil {
		t.Fatal(err)
	}
	guard := "import json, sys\njson.load(sys.stdin)\nprint(json.dumps({'decision': 'block', 'reason': 'the guard judged it'}))\n"
	yaml := guardYAML(strings.TrimSpace(string(real)) + " ./guard.py")
	f := newPinFixture(t, yaml, map[string]string{"guard.py": guard})
	// Written after the approval, as the agent would.
	evil := "import os\nopen(" + "'" + f.sentinel + "', 'w').close()\ndef load(f): return {}\ndef dumps(o): return '{}'\n"
	if err := os.WriteFile(filepath.Join(f.dir, "json.py"), []byte(evil), 0o644); err != nil {
		t.Fatal(err)
	}
	res := f.dispatch(t, nil)
	if f.evilRan() {
		t.Fatal("the guard imported the json.py beside it")
	}
	if res.Decision != DecisionBlock || !strings.Contains(res.Reason, "the guard judged it") {
		t.Errorf("decision %s, reason %q: want the guard's own block", res.Decision, res.Reason)
	}
}

// A file the guard sources, named in its command, is pinned: changing it blocks as changed.
func TestGuardSourcedFileNamedInCommandChanged(t *testing.T) {
	f := newPinFixture(t, guardYAML("sh ./guard.sh ./read-call.sh"), map[string]string{
		"guard.sh":     "#!/bin/sh\n. \"$1\"\necho '{\"decision\":\"block\",\"reason\":\"judged\"}'\n",
		"read-call.sh": "cat >/dev/null\n",
	})
	if res := f.dispatch(t, nil); res.Decision != DecisionBlock || !strings.Contains(res.Reason, "judged") {
		t.Fatalf("as approved: %s %q", res.Decision, res.Reason)
	}
	writeScript(t, filepath.Join(f.dir, "read-call.sh"), "touch '"+f.sentinel+"'\necho '{}'\nexit 0\n")
	res := f.dispatch(t, nil)
	if f.evilRan() {
		t.Fatal("the changed sourced file ran")
	}
	if res.Decision != DecisionBlock || !strings.Contains(res.Reason, "changed since approval") {
		t.Errorf("decision %s, reason %q: want changed since approval", res.Decision, res.Reason)
	}
}

// A guard whose #! interpreter the person can write: pinned by content when approved, so a
// change blocks as changed; one approved without that pin (before 24.4) blocks until approved
// again.
func TestGuardWritableInterpreter(t *testing.T) {
	dir := t.TempDir()
	interp := filepath.Join(dir, "mysh")
	writeScript(t, interp, "#!/bin/sh\nexec /bin/sh \"$@\"\n")
	scripts := map[string]string{"guard.sh": "#!" + interp + "\ncat >/dev/null\necho '{\"decision\":\"block\",\"reason\":\"judged\"}'\n"}

	f := newPinFixture(t, guardYAML("./guard.sh"), scripts)
	if res := f.dispatch(t, nil); res.Decision != DecisionBlock || !strings.Contains(res.Reason, "judged") {
		t.Fatalf("as approved: %s %q", res.Decision, res.Reason)
	}
	writeScript(t, interp, "#!/bin/sh\ntouch '"+f.sentinel+"'\necho '{}'\n")
	res := f.dispatch(t, nil)
	if f.evilRan() {
		t.Fatal("the changed interpreter ran")
	}
	if res.Decision != DecisionBlock || !strings.Contains(res.Hooks[0].Message, "changed since approval") {
		t.Errorf("decision %s, message %q: want changed since approval", res.Decision, res.Hooks[0].Message)
	}
	if why := f.check(t).Reason; !strings.Contains(why, "file "+interp+" differs") {
		t.Errorf("consent says %q, want the interpreter named", why)
	}

	// Approved when the entry was not yet a guard (so its interpreter was not pinned), then
	// made one: the interpreter the person can write is not covered by the approval.
	writeScript(t, interp, "#!/bin/sh\nexec /bin/sh \"$@\"\n")
	f = newPinFixture(t, "hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n", scripts)
	f.cfg.Hooks[0].FailClosed = true
	res = f.dispatch(t, nil)
	if res.Decision != DecisionBlock || !strings.Contains(res.Hooks[0].Message, "changed since approval") {
		t.Errorf("decision %s, message %q: want changed since approval", res.Decision, res.Hooks[0].Message)
	}
	if why := f.check(t).Reason; !strings.Contains(why, interp+" was not pinned when approved") {
		t.Errorf("consent says %q, want %s not pinned", why, interp)
	}
}

// check is consent's verdict on the fixture's first hook, as hooks list and doctor show it.
func (f *pinFixture) check(t *testing.T) consent.Check {
	t.Helper()
	list, err := f.store.Load()
	if err != nil {
		t.Fatal(err)
	}
	return list.Check(f.cfg.Hooks[0])
}
