//go:build unix

package stress

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookctl/hookctl/consent"
)

// TestSignalDuringRun sends SIGINT, SIGTERM, SIGHUP (a closed terminal), SIGQUIT and SIGKILL
// to hookctl while its hook sleeps with a child in its group. The first four end the hook's
// group and exit 128 plus the signal with the result printed. SIGKILL cannot be caught: hookctl
// cannot clean up; on Linux the hook's main process gets a parent-death signal and dies with
// it, its background child is orphaned and keeps running (elsewhere the whole group does); the
// test counts what is left, ends it, and checks that a later run works.
func TestSignalDuringRun(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}, {syscall.SIGHUP, 129}, {syscall.SIGQUIT, 131}, {syscall.SIGKILL, -1}} {
		t.Run(signame(c.sig), func(t *testing.T) {
			t.Parallel()
			h := newHome(t)
			h.hook("interruptible.sh")
			h.config("hooks:\n  pre_tool_call:\n    - command: ./interruptible.sh\n      timeout: 60\n")
			args := []string{"--accept-hooks", "run", "pre_tool_call", "--tool", "terminal"}
			p := h.start(args...)
			started := filepath.Join(h.work, "started")
			waitFile(t, started, 30*time.Second)
			// "started" is written before the hook's last sleep starts: wait for both sleeps.
			waitCount(t, h, 4, 10*time.Second)
			if err := p.cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			r := p.wait(t, 30*time.Second)

			if c.sig == syscall.SIGKILL {
				afterKill(t, h, r, readPid(t, started), args)
				return
			}
			left := h.survivors()
			figs.tried(len(left))
			if len(left) > 0 {
				t.Errorf("%d hook process(es) survived a %s of hookctl:%s", len(left), signame(c.sig), describe(left))
			}
			if r.code != c.code {
				t.Fatalf("exit status %d, want %d\n%s", r.code, c.code, r)
			}
			out := decodeRun(t, r)
			if len(out.Hooks) != 1 || out.Hooks[0].Status != "error" || out.Hooks[0].Message != "interrupted" {
				t.Errorf("want one hook with status error, message interrupted\n%s", r)
			}
			t.Logf("%s: exit %d after %s, %d hook process(es) left", signame(c.sig), r.code, r.elapsed.Round(time.Millisecond), len(left))
		})
	}
}

// afterKill checks what a SIGKILL of hookctl left: the hook's main process gone where it has a
// parent-death signal, the rest of its group orphaned. It ends what is left and runs again.
func afterKill(t *testing.T, h *home, r result, mainPid int, args []string) {
	t.Helper()
	if r.signal != syscall.SIGKILL {
		t.Fatalf("hookctl ended with %v, want killed by SIGKILL\n%s", r.signal, r)
	}
	if parentDeathSignal {
		if left := h.survivors(slices.DeleteFunc(h.marked(), func(pid int) bool { return pid == mainPid })...); len(left) > 0 {
			t.Errorf("the hook's main process (pid %d) outlived the SIGKILL of hookctl:%s", mainPid, describe(left))
		}
	}
	// Nothing reaps the rest of the hook now: it is left, by the nature of SIGKILL.
	left := h.marked()
	figs.count(&figs.orphaned, len(left))
	figs.tried(0)
	t.Logf("SIGKILL of hookctl left %d hook process(es) running (its orphaned group):%s", len(left), describe(left))
	h.killMarked(left)
	if len(h.survivors()) > 0 {
		t.Fatal("could not end the orphaned hook group")
	}
	h.extraEnv = append(h.extraEnv, "STRESS_QUICK=1")
	again := h.run(hostileBound, nil, args...)
	if again.code != 0 {
		t.Fatalf("the run after a SIGKILL failed\n%s", again)
	}
	if out := decodeRun(t, again); out.Hooks[0].Status != "ok" {
		t.Errorf("the run after a SIGKILL: status %q, want ok\n%s", out.Hooks[0].Status, again)
	}
}

// waitCount waits until at least n processes carry the home's marker (hookctl and its hook's).
func waitCount(t *testing.T, h *home, n int, bound time.Duration) {
	t.Helper()
	deadline := time.Now().Add(bound)
	for len(h.marked()) < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d marked processes after %s, want %d:%s", len(h.marked()), bound, n, describe(h.marked()))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestSignalDuringApprove kills `hookctl hooks approve --all`, on a config of many hooks, at
// random moments of its run, with SIGINT, SIGTERM and SIGKILL. After every kill the allowlist
// must be exactly the old file or a whole new one (never a mix, never invalid), and the
// temporary files a killed writer may leave are counted.
func TestSignalDuringApprove(t *testing.T) {
	t.Parallel()
	iterations := 4
	if heavy() {
		iterations = 100
	}
	const hooks = 400
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL} {
		t.Run(signame(sig), func(t *testing.T) {
			t.Parallel()
			h := newHome(t)
			h.hook("answer.sh")
			var cfg strings.Builder
			cfg.WriteString("hooks:\n  pre_tool_call:\n")
			want := map[string]bool{}
			for i := range hooks {
				command := fmt.Sprintf("./answer.sh n%d", i)
				fmt.Fprintf(&cfg, "    - command: %q\n", command)
				want["pre_tool_call "+command] = true
			}
			h.config(cfg.String())

			// How long one approval takes (the median of three), so that kills land before,
			// during and after the write.
			var took []time.Duration
			for range 3 {
				base := h.start("hooks", "approve", "--all").wait(t, hostileBound)
				if base.code != 0 {
					t.Fatalf("approve --all failed\n%s", base)
				}
				took = append(took, base.elapsed)
			}
			slices.Sort(took)
			span := max(took[1], 10*time.Millisecond)
			rng := rand.New(rand.NewPCG(uint64(sig), 7))
			var old, whole, early, leftTemp int
			seen := map[string]bool{} // temporary files seen so far
			for i := range iterations {
				// The old content: one approval the config does not have, so that old and new
				// can be told apart.
				sentinel := fmt.Sprintf("./old-%d.sh", i)
				oldData := (&consent.Allowlist{Approvals: []consent.Approval{{
					Event: "on_session_start", Command: sentinel, ApprovedAt: time.Unix(1e9, 0).UTC(),
				}}}).Encode()
				h.writeFile(h.allowlist(), oldData, 0o600)

				p := h.start("hooks", "approve", "--all")
				time.Sleep(time.Duration(rng.Int64N(int64(span))))
				_ = p.cmd.Process.Signal(sig)
				r := p.wait(t, hostileBound)
				if r.signal == 0 {
					early++ // it finished before the signal came
				}

				// A writer killed between its temporary file and the rename leaves the file;
				// the next write removes it, so they never pile up.
				temps := tempFiles(t, h.dir)
				if len(temps) > 1 {
					t.Errorf("iteration %d: %d temporary files piled up: %v", i, len(temps), temps)
				}
				for _, name := range temps {
					if !seen[name] {
						seen[name] = true
						leftTemp++
					}
				}
				data, err := os.ReadFile(h.allowlist())
				if err != nil {
					t.Fatalf("iteration %d: %v", i, err)
				}
				if bytes.Equal(data, oldData) {
					old++
					continue
				}
				a, err := consent.Decode(data)
				if err != nil {
					t.Fatalf("iteration %d: the allowlist is not valid after a %v: %v\n%s", i, sig, err, cut(data))
				}
				got := map[string]bool{}
				for _, ap := range a.Approvals {
					got[ap.Event+" "+ap.Command] = true
				}
				if len(got) != len(want)+1 || !got["on_session_start "+sentinel] {
					t.Fatalf("iteration %d: the allowlist is neither the old one nor the old one plus every hook: %d approvals", i, len(got))
				}
				for k := range want {
					if !got[k] {
						t.Fatalf("iteration %d: the new allowlist lacks %s", i, k)
					}
				}
				whole++
			}
			temps := tempFiles(t, h.dir)
			figs.tried(0)
			figs.note("approve --all killed by "+signame(sig), "%d times: old file %d, new file %d, never partial; a temp file left by %d kills, at most 1 at a time",
				iterations, old, whole, leftTemp)
			t.Logf("%s x %d (delays up to %s): old file %d times, new file %d times, finished first %d times; %d kills left a temp file, %d at the end: %v",
				signame(sig), iterations, span.Round(time.Millisecond), old, whole, early, leftTemp, len(temps), temps)
		})
	}
}

// tempFiles lists the temporary files in the allowlist's folder.
func tempFiles(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if n := e.Name(); strings.HasSuffix(n, ".tmp") {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

func signame(sig syscall.Signal) string {
	switch sig {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGKILL:
		return "SIGKILL"
	case syscall.SIGHUP:
		return "SIGHUP"
	case syscall.SIGQUIT:
		return "SIGQUIT"
	}
	return sig.String()
}

// TestSignalDuringLockWait holds the allowlist's lock in this process while `hooks approve`
// waits for it: SIGINT and SIGTERM end the wait at once with exit 130 / 143 and the allowlist
// untouched, where hookctl used to wait for ever.
func TestSignalDuringLockWait(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		t.Run(signame(c.sig), func(t *testing.T) {
			t.Parallel()
			h := newHome(t)
			h.hook("answer.sh")
			h.config("hooks:\n  pre_tool_call:\n    - command: ./answer.sh\n")
			lock, err := os.OpenFile(h.allowlist()+".lock", os.O_RDWR|os.O_CREATE, 0o600)
			if err != nil {
				t.Fatal(err)
			}
			defer lock.Close()
			if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
				t.Fatal(err)
			}
			p := h.start("hooks", "approve", "--all")
			waitLockWaiter(t, p.cmd.Process.Pid, 30*time.Second)
			if err := p.cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			r := p.wait(t, 30*time.Second)
			if r.code != c.code || !strings.Contains(string(r.stderr), "interrupted while waiting for the allowlist lock") {
				t.Fatalf("want exit %d saying the lock wait was interrupted\n%s", c.code, r)
			}
			if _, err := os.Stat(h.allowlist()); !os.IsNotExist(err) {
				t.Errorf("the allowlist was written: %v", err)
			}
		})
	}
}

// waitLockWaiter waits until pid is blocked waiting for a flock, as /proc/locks shows it.
func waitLockWaiter(t *testing.T, pid int, bound time.Duration) {
	t.Helper()
	want := fmt.Sprintf(" %d ", pid)
	for deadline := time.Now().Add(bound); ; {
		data, err := os.ReadFile("/proc/locks")
		if err != nil {
			t.Skipf("no /proc/locks to see the waiter: %v", err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if strings.Contains(line, "->") && strings.Contains(line, want) {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("hookctl (pid %d) did not wait for the lock within %s", pid, bound)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
