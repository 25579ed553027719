package runner

import (
	"context"
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
	res, err := d.Dispatch(context.Background(), "pre_tool_call", &Payload{})
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
// hooks run: the swapped-in script never runs, whatever the timing.
func TestPinRenameLoopNeverRunsSwappedScript(t *testing.T) {
	// The script as the program, and as the word an interpreter reads.
	for _, command := range []string{"./guard.sh", "sh ./guard.sh"} {
		t.Run(command, func(t *testing.T) { renameLoop(t, command) })
	}
}

func renameLoop(t *testing.T, command string) {
	f := newPinFixture(t, "hooks:\n  pre_tool_call:\n    - command: "+command+"\n",
		map[string]string{"guard.sh": goodScript, "good": goodScript})
	writeScriptFile(t, filepath.Join(f.dir, "evil"), evilScript(f.sentinel))
	want := approvedSHA(t, filepath.Join(f.dir, "guard.sh"))

	loop := exec.Command("sh", "-c", `while :; do cp evil e.tmp; mv e.tmp guard.sh; cp good g.tmp; mv g.tmp guard.sh; done`)
	loop.Dir = f.dir
	loop.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // so its cp and mv end with it
	if err := loop.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = syscall.Kill(-loop.Process.Pid, syscall.SIGKILL)
		_ = loop.Wait()
		// Its cp may still be dying: wait until the group is gone before the folder is removed.
		for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
			if syscall.Kill(-loop.Process.Pid, 0) != nil {
				break
			}
		}
	}()

	// Enough runs that started for the race to be run many times, bounded for a loaded machine.
	seen := map[Status]int{}
	for i := 0; i < 3000 && seen[StatusOK]+seen[StatusChangedDuringRun] < 50 && !f.evilRan(); i++ {
		hr := f.dispatch(t, nil).Hooks[0]
		seen[hr.Status]++
		switch hr.Status {
		case StatusOK:
			if hr.ScriptSHA256 != want {
				t.Fatalf("run %d: ran content %s, approved %s", i, hr.ScriptSHA256, want)
			}
		case StatusSkippedChanged, StatusChangedDuringRun:
		default:
			t.Fatalf("run %d: status %s: %s", i, hr.Status, hr.Message)
		}
	}
	if f.evilRan() {
		t.Fatalf("the swapped-in script ran (statuses so far: %v)", seen)
	}
	t.Logf("statuses: %v", seen)
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

// A script modified while it runs: its answer (here a block) is ignored, and a fail_closed hook
// blocks for it.
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
		wantDecision, wantReason := DecisionAllow, ""
		if failClosed {
			wantDecision, wantReason = DecisionBlock, "hook ./guard.sh failed closed: its script changed while it ran"
		}
		if res.Decision != wantDecision || res.Reason != wantReason {
			t.Errorf("fail_closed=%v: decision %s %q, want %s %q", failClosed, res.Decision, res.Reason, wantDecision, wantReason)
		}
	}
}

// A pinned script runs as /dev/fd/3, but a start error still names the script's own path.
func TestPinStartErrorsNameTheScript(t *testing.T) {
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
		yaml.WriteString("    - command: ./" + name + "\n")
	}
	cfg := config.Parse(filepath.Join(dir, "config.yaml"), []byte(yaml.String()), config.Options{})
	res, err := (&Dispatcher{Config: cfg, Consent: TrustAll{}}).Dispatch(context.Background(), "pre_tool_call", &Payload{})
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
	body := "#!/bin/sh\ncp guard.sh guard.sh.new && mv guard.sh.new guard.sh\necho '{\"action\":\"block\",\"message\":\"from a replaced file\"}'\n"
	res := newPinFixture(t, "hooks:\n  pre_tool_call:\n    - command: ./guard.sh\n", map[string]string{"guard.sh": body}).dispatch(t, nil)
	if hr := res.Hooks[0]; hr.Status != StatusChangedDuringRun || res.Decision != DecisionAllow {
		t.Fatalf("status %s (%s), decision %s; want changed_during_run and its answer ignored", hr.Status, hr.Message, res.Decision)
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
