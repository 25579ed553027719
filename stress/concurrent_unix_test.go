//go:build unix

package stress

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hookctl/hookctl/consent"
)

// TestConcurrentApproveRevoke has writer processes approve and revoke distinct hooks, round
// after round, while reader processes run the event and list the hooks in a loop. At the end
// each hook's state is what its last operation said (no approval lost, no revocation undone),
// and no reader ever saw an invalid allowlist: a reader that does prints a warning containing
// "corrupt".
func TestConcurrentApproveRevoke(t *testing.T) {
	t.Parallel()
	writers, rounds, readers := 6, 2, 2
	if heavy() {
		writers, rounds, readers = 20, 5, 4
	}
	const bound = 60 * time.Second
	h := newHome(t)
	h.hook("answer.sh")
	events := []string{"pre_tool_call", "post_tool_call"}
	var cfg strings.Builder
	cfg.WriteString("hooks:\n")
	for _, e := range events {
		fmt.Fprintf(&cfg, "  %s:\n", e)
		for w := range writers {
			if w%len(events) == indexOf(events, e) {
				fmt.Fprintf(&cfg, "    - command: \"./answer.sh w%d\"\n      timeout: 10\n", w)
			}
		}
	}
	h.config(cfg.String())
	hook := func(w int) (command, event string) { return fmt.Sprintf("./answer.sh w%d", w), events[w%len(events)] }
	// Even writers end on an approval, odd ones on a revocation.
	finalApproved := func(w int) bool { return w%2 == 0 }

	var (
		stop    atomic.Bool
		reads   atomic.Int64
		corrupt atomic.Int64
		wg      sync.WaitGroup
		mu      sync.Mutex
		errs    []string
	)
	fail := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		errs = append(errs, fmt.Sprintf(format, args...))
	}
	for i := range readers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; !stop.Load(); n++ {
				args := []string{"run", "pre_tool_call", "--tool", "terminal"}
				if (i+n)%2 == 1 {
					args = []string{"hooks", "list", "--json"}
				}
				r, err := h.runErr(bound, args...)
				reads.Add(1)
				if err != nil {
					fail("%v", err)
					continue
				}
				if strings.Contains(string(r.stderr), "corrupt") {
					corrupt.Add(1)
					fail("a reader saw an invalid allowlist\n%s", r)
				}
				var v map[string]any
				if r.code != 0 || jsonObject(r.stdout, &v) != nil {
					fail("reader: want exit 0 and one JSON object\n%s", r)
				}
			}
		}()
	}

	var lost atomic.Int64
	var wwg sync.WaitGroup
	start := time.Now()
	for w := range writers {
		wwg.Add(1)
		go func() {
			defer wwg.Done()
			command, event := hook(w)
			for r := range rounds {
				ops := []string{"approve", "revoke"}
				if r == rounds-1 && finalApproved(w) {
					ops = ops[:1]
				}
				for _, op := range ops {
					res, err := h.runErr(bound, "hooks", op, command, "--event", event)
					if err != nil {
						fail("%v", err)
					} else if res.code != 0 {
						// A revoke that finds nothing to revoke means the approval before it
						// was lost.
						lost.Add(1)
						fail("writer %d round %d: %s failed\n%s", w, r, op, res)
					}
				}
			}
		}()
	}
	wwg.Wait()
	writing := time.Since(start)
	stop.Store(true)
	wg.Wait()

	data, err := os.ReadFile(h.allowlist())
	if err != nil {
		t.Fatal(err)
	}
	a, err := consent.Decode(data)
	if err != nil {
		t.Fatalf("the final allowlist is invalid: %v", err)
	}
	approved := map[string]bool{}
	for _, ap := range a.Approvals {
		approved[ap.Event+" "+ap.Command] = true
	}
	for w := range writers {
		command, event := hook(w)
		if got := approved[event+" "+command]; got != finalApproved(w) {
			lost.Add(1)
			t.Errorf("writer %d: approved = %v after its last operation, want %v", w, got, finalApproved(w))
		}
	}
	if len(approved) != (writers+1)/2 {
		t.Errorf("%d approvals in the final allowlist, want %d", len(approved), (writers+1)/2)
	}
	for _, e := range errs {
		t.Error(e)
	}
	ops := 0
	for w := range writers {
		ops += 2 * rounds
		if finalApproved(w) {
			ops--
		}
	}
	figs.tried(0)
	figs.count(&figs.lost, int(lost.Load()))
	figs.count(&figs.corrupt, int(corrupt.Load()))
	figs.note("concurrent writers", "%d processes x %d rounds, %d operations, %d reads: %d lost, %d corrupt reads",
		writers, rounds, ops, reads.Load(), lost.Load(), corrupt.Load())
	t.Logf("%d writers x %d rounds: %d approve/revoke processes in %s, %d reader processes; %d lost or undone, %d corrupt reads",
		writers, rounds, ops, writing.Round(time.Millisecond), reads.Load(), lost.Load(), corrupt.Load())
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
