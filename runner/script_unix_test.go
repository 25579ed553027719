//go:build unix

package runner

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// These tests are attacks on the pin: the script that runs must be the script consent judged.

const goodScript = "#!/bin/sh\necho '{}'\n"

// evilScript writes the sentinel when it runs, which the attacks below must never see.
func evilScript(sentinel string) string {
	return "#!/bin/sh\ntouch '" + sentinel + "'\necho '{}'\n"
}

// pinFixture is a config folder with an allowlist; hooks are approved as their scripts are now.
type pinFixture struct {
	dir      string
	cfg      *config.Config
	store    *consent.Store
	sentinel string
}

func newPinFixture(t *testing.T, yaml string, scripts map[string]string) *pinFixture {
	t.Helper()
	dir := t.TempDir()
	f := &pinFixture{dir: dir, store: consent.NewStore(filepath.Join(dir, "allowlist.json")), sentinel: filepath.Join(dir, "SENTINEL")}
	for name, body := range scripts {
		writeScript(t, filepath.Join(dir, name), body)
	}
	path := filepath.Join(dir, "config.yaml")
	f.cfg = config.Parse(path, []byte(yaml), config.Options{})
	for _, p := range f.cfg.Problems {
		t.Fatalf("test config: %s", p)
	}
	if _, err := f.store.Approve(f.cfg.Hooks...); err != nil {
		t.Fatal(err)
	}
	return f
}

// writeScript writes a script whole under a temporary name and renames it into place, as an
// editor saves, so that no process ever finds it half-written.
func writeScript(t *testing.T, path, body string) {
	t.Helper()
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

func (f *pinFixture) dispatch(t *testing.T, g *consent.Gate) *Result {
	t.Helper()
	if g == nil {
		g = &consent.Gate{Store: f.store}
	}
	d := &Dispatcher{Config: f.cfg, Consent: g, Dir: f.dir}
	res, err := d.dispatch(context.Background(), "pre_tool_call", &Payload{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func (f *pinFixture) evilRan() bool {
	_, err := os.Stat(f.sentinel)
	return err == nil
}

func approvedSHA(t *testing.T, path string) string {
	t.Helper()
	pin, err := consent.PinScript(path)
	if err != nil {
		t.Fatal(err)
	}
	return pin.SHA256
}

// A process renames another script over the approved one and back, as fast as it can, while
// hooks run. A script that runs by its path may be the swapped-in one, when the swap falls
// between hookctl's check and the start (the window SPEC 14.3 accepts), but such a run is never
// trusted: the approved file was unlinked meanwhile, so its answer is changed_during_run. With
// `pin: exec` the swapped-in script never runs at all.
func TestPinRenameLoopNeverTrustsSwappedScript(t *testing.T) {
	// The script as the program, and as the word an interpreter reads.
	for _, command := range []string{"./guard.sh", "sh ./guard.sh"} {
		for _, exec := range []bool{false, true} {
			name := command
			if exec {
				name += " pin exec"
			}
			t.Run(name, func(t *testing.T) { renameLoop(t, command, exec) })
		}
	}
}

func renameLoop(t *testing.T, command string, pinExec bool) {
	yaml := "hooks:\n  pre_tool_call:\n    - command: " + command + "\n"
	if pinExec {
		yaml += "      pin: exec\n"
	}
	f := newPinFixture(t, yaml, map[string]string{"guard.sh": goodScript, "good": goodScript})
	writeScriptFile(t, filepath.Join(f.dir, "evil"), evilScript(f.sentinel))
	want := approvedSHA(t, filepath.Join(f.dir, "guard.sh"))

	stop := startLoop(t, f.dir, `while :; do cp evil e.tmp; mv e.tmp guard.sh; cp good g.tmp; mv g.tmp guard.sh; done`)
	defer stop()

	// Enough runs that started for the race to be run many times, bounded for a loaded machine.
	seen := map[Status]int{}
	evil := 0
	for i := 0; i < 3000 && seen[StatusOK]+seen[StatusChangedDuringRun] < 50; i++ {
		hr := f.dispatch(t, nil).Hooks[0]
		seen[hr.Status]++
		ran := f.evilRan()
		if ran {
			evil++
			if pinExec {
				t.Fatalf("run %d: the swapped-in script ran with pin: exec (statuses so far: %v)", i, seen)
			}
			if err := os.Remove(f.sentinel); err != nil {
				t.Fatal(err)
			}
		}
		switch hr.Status {
		case StatusOK:
			if ran {
				t.Fatalf("run %d: the swapped-in script ran and its answer was trusted", i)
			}
			if hr.ScriptSHA256 != want {
				t.Fatalf("run %d: ran content %s, approved %s", i, hr.ScriptSHA256, want)
			}
		case StatusSkippedChanged, StatusChangedDuringRun:
		default:
			t.Fatalf("run %d: status %s: %s", i, hr.Status, hr.Message)
		}
	}
	t.Logf("statuses: %v; the swapped-in script ran %d times", seen, evil)
}

func writeScriptFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
}

// With parallel: false, a first hook swaps the second hook's script while it runs: the second
// is checked when it is about to start, not when the first one started, and does not run.
func TestPinCheckedBeforeEachSequentialHook(t *testing.T) {
	// Hooks run in the fixture folder: the first replaces ./second.sh, as an editor would save.
	swapper := "#!/bin/sh\nsleep 0.2\nprintf '%s' \"$EVIL\" > second.new\nchmod +x second.new\nmv second.new second.sh\necho '{}'\n"
	f := newPinFixture(t, "parallel: false\nhooks:\n  pre_tool_call:\n    - command: ./first.sh\n    - command: ./second.sh\n      fail_closed: true\n",
		map[string]string{"first.sh": swapper, "second.sh": goodScript})
	t.Setenv("EVIL", evilScript(f.sentinel))

	res := f.dispatch(t, nil)
	if f.evilRan() {
		t.Fatal("the second hook ran the script swapped in by the first")
	}
	if got := hookStatuses(res); got[0] != StatusOK || got[1] != StatusSkippedChanged {
		t.Fatalf("statuses %v, want [ok skipped_changed]: %+v", got, res.Hooks)
	}
	if res.Decision != DecisionBlock || !strings.Contains(res.Reason, "failed closed") {
		t.Errorf("decision %s %q, want a fail_closed block", res.Decision, res.Reason)
	}
}

// The script is swapped while the person is asked about it: neither the swapped-in file nor,
// since the path now names another file, the one shown runs; what is recorded is what they
// approved.
func TestPinPromptSwapRunsNothingElse(t *testing.T) {
	f := newPinFixture(t, "hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n", map[string]string{"guard.sh": goodScript})
	if _, err := f.store.Revoke("./guard.sh", ""); err != nil {
		t.Fatal(err)
	}
	guard := filepath.Join(f.dir, "guard.sh")
	shown := approvedSHA(t, guard)
	var asked string
	g := &consent.Gate{Store: f.store, Prompt: func(h config.Hook, c consent.Check) bool {
		asked = c.Current.SHA256
		writeScript(t, guard, evilScript(f.sentinel)) // renamed over the path while the prompt is open
		return true
	}}
	res := f.dispatch(t, g)
	if f.evilRan() {
		t.Fatal("the script swapped in during the prompt ran")
	}
	if hr := res.Hooks[0]; hr.Status != StatusSkippedChanged || asked != shown {
		t.Fatalf("status %s, asked about %s; want skipped_changed, asked about %s", hr.Status, asked, shown)
	}
	if list, err := f.store.Load(); err != nil || list.Check(f.cfg.Hooks[0]).Approval.Script.SHA256 != shown {
		t.Fatalf("the approval recorded is not of the content shown (%v)", err)
	}
	// The next run sees the swapped-in content as changed since the approval.
	if hr := f.dispatch(t, nil).Hooks[0]; hr.Status != StatusSkippedChanged || f.evilRan() {
		t.Fatalf("next run: status %s, evil ran %v", hr.Status, f.evilRan())
	}
}

// The script is touched while the person is asked: its content is what they were shown and
// its path still names the held file, so it runs, and it is checked from that state on.
func TestPinPromptTouchStillRuns(t *testing.T) {
	guard := "#!/bin/sh\necho '{\"action\":\"block\",\"message\":\"the guard says no\"}'\n"
	f := newPinFixture(t, "hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n", map[string]string{"guard.sh": guard})
	if _, err := f.store.Revoke("./guard.sh", ""); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(f.dir, "guard.sh")
	g := &consent.Gate{Store: f.store, Prompt: func(config.Hook, consent.Check) bool {
		later := time.Now().Add(time.Hour)
		if err := os.Chtimes(path, later, later); err != nil {
			t.Error(err)
		}
		return true
	}}
	res := f.dispatch(t, g)
	if hr := res.Hooks[0]; hr.Status != StatusBlocked || res.Reason != "the guard says no" {
		t.Fatalf("status %s (%s), decision %s %q; want the guard run and its block", hr.Status, hr.Message, res.Decision, res.Reason)
	}
}

// The script is rewritten in place while the person is asked: the file held open now has other
// content than the one shown, so the hook does not start.
func TestPinPromptInPlaceEditDoesNotRun(t *testing.T) {
	f := newPinFixture(t, "hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n", map[string]string{"guard.sh": goodScript})
	if _, err := f.store.Revoke("./guard.sh", ""); err != nil {
		t.Fatal(err)
	}
	guard := filepath.Join(f.dir, "guard.sh")
	g := &consent.Gate{Store: f.store, Prompt: func(config.Hook, consent.Check) bool {
		if err := os.WriteFile(guard, []byte(evilScript(f.sentinel)), 0o755); err != nil { // same inode
			t.Error(err)
		}
		return true
	}}
	hr := f.dispatch(t, g).Hooks[0]
	if f.evilRan() || hr.Status != StatusSkippedChanged {
		t.Fatalf("status %s (%s), evil ran %v; want skipped_changed and nothing run", hr.Status, hr.Message, f.evilRan())
	}
}

// A script modified while it runs: its answer is not trusted, but a block it gave stands (an
// anomaly only tightens), and an allow is ignored, so that a fail_closed hook blocks for it.
func TestPinModifiedWhileRunning(t *testing.T) {
	// Hooks run in the fixture folder, where the script appends to itself.
	body := "#!/bin/sh\necho '# edited' >> guard.sh\necho '{\"action\":\"block\",\"message\":\"from edited content\"}'\n"
	for _, failClosed := range []bool{false, true} {
		yaml := "hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n"
		if failClosed {
			yaml += "      fail_closed: true\n"
		}
		res := newPinFixture(t, yaml, map[string]string{"guard.sh": body}).dispatch(t, nil)
		hr := res.Hooks[0]
		if hr.Status != StatusChangedDuringRun || !strings.Contains(hr.Message, "modified") {
			t.Fatalf("fail_closed=%v: status %s (%s), want changed_during_run", failClosed, hr.Status, hr.Message)
		}
		if res.Decision != DecisionBlock || res.Reason != "from edited content" {
			t.Errorf("fail_closed=%v: decision %s %q, want the hook's block to stand", failClosed, res.Decision, res.Reason)
		}
	}
	// The same edit by a hook that allows: its allow is ignored, and fail_closed blocks.
	allow := strings.Replace(body, `{"action":"block","message":"from edited content"}`, `{"decision":"approve"}`, 1)
	for _, failClosed := range []bool{false, true} {
		yaml := "hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n"
		if failClosed {
			yaml += "      fail_closed: true\n"
		}
		res := newPinFixture(t, yaml, map[string]string{"guard.sh": allow}).dispatch(t, nil)
		wantDecision, wantReason := DecisionAllow, ""
		if failClosed {
			wantDecision, wantReason = DecisionBlock, "hook ./guard.sh failed closed: its script changed while it ran"
		}
		if hr := res.Hooks[0]; hr.Status != StatusChangedDuringRun || res.Allowed || res.Decision != wantDecision || res.Reason != wantReason {
			t.Errorf("allow, fail_closed=%v: status %s, decision %s %q (explicit allow %v), want %s %q", failClosed, hr.Status, res.Decision, res.Reason, res.Allowed, wantDecision, wantReason)
		}
	}
}

// A start error names the script's own path, also when it runs as /dev/fd/3 (pin: exec).
func TestPinStartErrorsNameTheScript(t *testing.T) {
	for _, pin := range []string{"path", "exec"} {
		t.Run(pin, func(t *testing.T) { startErrorsNameTheScript(t, pin) })
	}
}

func startErrorsNameTheScript(t *testing.T, pin string) {
	dir := t.TempDir()
	scripts := map[string]struct {
		body string
		mode os.FileMode
		want string
	}{
		"noexec.sh":   {"#!/bin/sh\necho '{}'\n", 0o644, "noexec.sh: permission denied (is it executable? chmod +x "},
		"badinter.sh": {"#!/no/such/interpreter\n", 0o755, "badinter.sh: its interpreter was not found"},
	}
	var yaml strings.Builder
	yaml.WriteString("hooks:\n  pre_tool_call:\n")
	for name, s := range scripts {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s.body), s.mode); err != nil {
			t.Fatal(err)
		}
		yaml.WriteString("    - command: ./" + name + "\n      pin: " + pin + "\n")
	}
	cfg := config.Parse(filepath.Join(dir, "config.yaml"), []byte(yaml.String()), config.Options{})
	res, err := (&Dispatcher{Config: cfg, Consent: TrustAll{}}).dispatch(context.Background(), "pre_tool_call", &Payload{})
	if err != nil {
		t.Fatal(err)
	}
	for _, hr := range res.Hooks {
		want := scripts[strings.TrimPrefix(hr.Command, "./")].want
		if hr.Status != StatusError || !strings.Contains(hr.Message, filepath.Join(dir, want)) || strings.Contains(hr.Message, "/dev/fd") {
			t.Errorf("%s: status %s, message %q; want an error naming %s", hr.Command, hr.Status, hr.Message, filepath.Join(dir, want))
		}
	}
}

// node does not read the /dev/fd/3 it is given: it resolves the link back to the script's path
// (or to "PATH (deleted)" once the held file is unlinked) and reads the file found there. So a
// script renamed over while the person is asked must not start at all, or a file planted as
// "guard.js (deleted)" runs instead of the one shown.
func TestPinPromptSwapNodeRunsNothingElse(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	good := "console.log('{}')\n"
	f := newPinFixture(t, "hooks:\n  pre_tool_call:\n    - command: node ./guard.js\n", map[string]string{"guard.js": good})
	if _, err := f.store.Revoke("node ./guard.js", ""); err != nil {
		t.Fatal(err)
	}
	guard := filepath.Join(f.dir, "guard.js")
	evil := "require('fs').writeFileSync(" + jsString(f.sentinel) + ", ''); console.log('{}')\n"
	writeScriptFile(t, guard+" (deleted)", evil)
	g := &consent.Gate{Store: f.store, Prompt: func(config.Hook, consent.Check) bool {
		writeScript(t, guard, good) // the same content, renamed over: the held file is unlinked
		return true
	}}
	hr := f.dispatch(t, g).Hooks[0]
	if f.evilRan() {
		t.Fatalf("a file other than the approved script ran (status %s)", hr.Status)
	}
	if hr.Status != StatusSkippedChanged {
		t.Errorf("status %s (%s), want skipped_changed", hr.Status, hr.Message)
	}
}

func jsString(s string) string { return "'" + strings.ReplaceAll(s, "'", `\'`) + "'" }

// A script renamed over while it runs (the same content, a new file): an interpreter that
// reads the script by its path may have read the new file, so the answer is not trusted.
func TestPinRenamedOverWhileRunning(t *testing.T) {
	// Hooks run in the fixture folder, where the script renames a copy of itself over itself.
	body := "#!/bin/sh\ncp guard.sh guard.sh.new && mv guard.sh.new guard.sh\necho '{\"decision\":\"approve\",\"hookSpecificOutput\":{\"additionalContext\":\"from a replaced file\"}}'\n"
	res := newPinFixture(t, "hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n", map[string]string{"guard.sh": body}).dispatch(t, nil)
	if hr := res.Hooks[0]; hr.Status != StatusChangedDuringRun || res.Allowed || res.Context != "" {
		t.Fatalf("status %s (%s), explicit allow %v, context %q; want changed_during_run and its answer ignored", hr.Status, hr.Message, res.Allowed, res.Context)
	}
}

// A command naming a huge file (a disk image, or a sparse file of 64 GiB made in an instant)
// must not hold the run while hookctl hashes it: the file is too large to pin, so the hook is
// skipped at once.
func TestPinHugeScriptDoesNotHoldTheRun(t *testing.T) {
	f := newPinFixture(t, "hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n", map[string]string{"guard.sh": goodScript})
	if err := os.Truncate(filepath.Join(f.dir, "guard.sh"), 64<<30); err != nil {
		t.Skip("no sparse files here:", err)
	}
	done := make(chan *Result, 1)
	go func() { done <- f.dispatch(t, nil) }()
	select {
	case res := <-done:
		if hr := res.Hooks[0]; hr.Status != StatusSkippedChanged {
			t.Errorf("status %s (%s), want skipped_changed", hr.Status, hr.Message)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the run is still hashing a 64 GiB script")
	}
}

// An anomaly only tightens: a process touches a blocking guard's script over and over while
// the guard runs. The script's ctime moves, its content does not: the hook's answer may not
// be trusted, but a block it gave is a reason to block, never to let the call through.
func TestPinTouchLoopKeepsTheBlock(t *testing.T) {
	// The guard waits for two of the loop's rounds, so a touch surely falls within its run.
	guard := "#!/bin/sh\nfor round in 1 2; do\n  rm -f touched\n  until [ -e touched ]; do sleep 0.01; done\ndone\n" +
		"echo '{\"action\":\"block\",\"message\":\"the guard says no\"}'\n"
	f := newPinFixture(t, "hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n", map[string]string{"guard.sh": guard})
	stop := startLoop(t, f.dir, `while :; do touch guard.sh; : > touched; done`)
	res := f.dispatch(t, nil)
	stop()
	hr := res.Hooks[0]
	if hr.Status != StatusChangedDuringRun {
		t.Errorf("status %s (%s), want changed_during_run", hr.Status, hr.Message)
	}
	if res.Decision != DecisionBlock || res.Reason != "the guard says no" {
		t.Fatalf("decision %s %q, want the guard's block to stand", res.Decision, res.Reason)
	}
}

// startLoop runs a shell loop in dir, in its own process group, until the returned function
// (also run at the test's end) kills the group and waits until it is gone.
func startLoop(t *testing.T, dir, script string) func() {
	t.Helper()
	loop := exec.Command("sh", "-c", script)
	loop.Dir = dir
	loop.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := loop.Start(); err != nil {
		t.Fatal(err)
	}
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		_ = syscall.Kill(-loop.Process.Pid, syscall.SIGKILL)
		_ = loop.Wait()
		for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
			if syscall.Kill(-loop.Process.Pid, 0) != nil {
				break
			}
		}
	}
	t.Cleanup(stop)
	return stop
}

// A running bash script is rewritten in place: bash reads its script as it goes, so it runs
// the injected lines. The attacker then writes the approved bytes back, sets the mtime back
// and adds a hard link to the file. Content, size and mtime are as approved; only the ctime
// (and the link count) tell. No special case excuses that: the hook's allow is ignored, and a
// fail_closed guard blocks.
func TestPinInPlaceRewriteRestoredWithHardLink(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	// bash reads its script ahead, but before it starts a program (the sleep after the loop)
	// it goes back to the end of the line it ran and reads on from the file from there.
	approved := "#!/bin/bash\n: > waiting\nuntil [ -e go ]; do sleep 0.01; done\nsleep 0\n" +
		"echo '{\"decision\":\"approve\"}'                                                                   \n"
	at := strings.Index(approved, "echo")
	for _, failClosed := range []bool{false, true} {
		yaml := "hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n"
		if failClosed {
			yaml += "      fail_closed: true\n"
		}
		f := newPinFixture(t, yaml, map[string]string{"guard.sh": approved})
		guard := filepath.Join(f.dir, "guard.sh")
		fi, err := os.Stat(guard)
		if err != nil {
			t.Fatal(err)
		}
		mtime := fi.ModTime()
		injected := "touch " + f.sentinel + "; : > ran; until [ -e restored ]; do sleep 0.01; done; echo '{\"decision\":\"approve\"}'\n"
		done := make(chan error, 1)
		go func() { done <- rewriteRunningScript(f.dir, guard, at, injected, approved, mtime) }()
		res := f.dispatch(t, nil)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if !f.evilRan() {
			t.Fatal("the injected lines did not run: the attack did not happen")
		}
		if got := approvedSHA(t, guard); got != res.Hooks[0].ScriptSHA256 {
			t.Fatalf("the script was not restored (sha256 %s)", got)
		}
		hr := res.Hooks[0]
		if hr.Status != StatusChangedDuringRun {
			t.Errorf("fail_closed=%v: status %s (%s), want changed_during_run", failClosed, hr.Status, hr.Message)
		}
		wantDecision := DecisionAllow
		if failClosed {
			wantDecision = DecisionBlock
		}
		if res.Decision != wantDecision || res.Allowed {
			t.Errorf("fail_closed=%v: decision %s (explicit allow %v), want %s and the hook's allow ignored", failClosed, res.Decision, res.Allowed, wantDecision)
		}
	}
}

// rewriteRunningScript is the attacker of TestPinInPlaceRewriteRestoredWithHardLink: once the
// script waits, it writes injected at offset at (in place, same inode), lets the script go on,
// and once the injected lines ran, writes the approved bytes back, sets the mtime back and
// adds a hard link.
func rewriteRunningScript(dir, script string, at int, injected, approved string, mtime time.Time) error {
	wait := func(name string) error {
		for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
			if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
				return nil
			}
		}
		return fmt.Errorf("%s never appeared", name)
	}
	touch := func(name string) error { return os.WriteFile(filepath.Join(dir, name), nil, 0o644) }
	if err := wait("waiting"); err != nil {
		return err
	}
	f, err := os.OpenFile(script, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := f.WriteAt([]byte(injected), int64(at)); err != nil {
		return err
	}
	if err := touch("go"); err != nil {
		return err
	}
	if err := wait("ran"); err != nil {
		return err
	}
	if _, err := f.WriteAt([]byte(approved), 0); err != nil {
		return err
	}
	if err := f.Truncate(int64(len(approved))); err != nil {
		return err
	}
	if err := os.Chtimes(script, mtime, mtime); err != nil {
		return err
	}
	if err := os.Link(script, script+".link"); err != nil {
		return err
	}
	return touch("restored")
}
