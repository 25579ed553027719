//go:build unix

package runner_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/runner"
)

// BenchmarkP4 is the Go API's performance goal: dispatching an event with one trivial hook
// (A) against os/exec running the same hook directly (B), alternating A and B once per
// iteration. It reports the medians and their ratio, which should stay at or below 1.05.
func BenchmarkP4(b *testing.B) {
	hook, err := filepath.Abs(filepath.Join("..", "testdata", "hooks", "exec", "trivial.sh"))
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	cfgPath := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(cfgPath, []byte("hooks:\n  pre_tool_call:\n    - command: "+hook+"\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	cfg, err := config.Load(cfgPath, config.Options{})
	if err != nil || len(cfg.Hooks) != 1 {
		b.Fatalf("config: %v %v", err, cfg.Problems)
	}
	d := &runner.Dispatcher{Config: cfg, Consent: runner.TrustAll{}}
	payload, err := runner.ParsePayload(trivialPayload)
	if err != nil {
		b.Fatal(err)
	}
	var ta, tb []time.Duration
	for b.Loop() {
		start := time.Now()
		res, err := d.Fire(context.Background(), runner.Call{Event: "pre_tool_call", Payload: payload})
		ta = append(ta, time.Since(start))
		if err != nil || res.Hooks[0].Status != runner.StatusOK {
			b.Fatalf("dispatch: %v %+v", err, res)
		}
		start = time.Now()
		c := exec.Command(hook)
		c.Stdin = bytes.NewReader(trivialPayload)
		out, err := c.Output()
		tb = append(tb, time.Since(start))
		if err != nil || string(out) != "{}\n" {
			b.Fatalf("os/exec: %q %v", out, err)
		}
	}
	ma, mb := medianDuration(ta), medianDuration(tb)
	b.ReportMetric(float64(ma)/1e6, "A-ms")
	b.ReportMetric(float64(mb)/1e6, "B-ms")
	// The median of the pairs' own ratios, as scripts/bench/compare reports it.
	ratios := make([]float64, len(ta))
	for i := range ta {
		ratios[i] = float64(ta[i]) / float64(tb[i])
	}
	sort.Float64s(ratios)
	b.ReportMetric(ratios[len(ratios)/2], "ratio")
}

func medianDuration(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}
