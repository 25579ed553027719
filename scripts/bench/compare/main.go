//go:build linux || darwin

// Command compare times two commands alternately (A B A B ...) and prints their medians and
// the median of the pairs' ratios A/B with its interquartile range, so that both see the same
// machine state. Usage:
//
//	compare [-pairs N] [-stdin FILE [-pipe]] [-goal R | -over MS | -ci-under R] [-env K=V]... NAME -- A ARGS... ::: B ARGS...
//
// -ci-under R also prints the 95% interval of the median ratio (from the order statistics of
// the pairs' ratios, which assumes nothing of their distribution) and holds the goal when the
// whole interval lies under R.
//
// Stdin is the file itself, as a shell's `< FILE` or hyperfine's --input give it; -pipe feeds
// it through a pipe instead, as an agent that writes the payload does.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"sort"
	"strings"
	"syscall"
	"time"
)

type envFlag []string

func (e *envFlag) String() string     { return strings.Join(*e, ",") }
func (e *envFlag) Set(s string) error { *e = append(*e, s); return nil }

func main() {
	pairs := flag.Int("pairs", 30, "number of A B pairs")
	stdinFile := flag.String("stdin", "", "file fed to both commands' stdin")
	pipe := flag.Bool("pipe", false, "feed the -stdin file through a pipe instead of as the file")
	goal := flag.Float64("goal", 0, "the ratio A/B must not exceed this (0: no goal)")
	ciUnder := flag.Float64("ci-under", 0, "the 95% interval of the median ratio A/B must lie under this (0: no goal)")
	over := flag.Float64("over", 0, "A may take at most this many ms more than B, median of the pairs' differences (0: no goal)")
	var envA, envB envFlag
	flag.Var(&envA, "env-a", "K=V added to A's environment")
	flag.Var(&envB, "env-b", "K=V added to B's environment")
	flag.Parse()
	args := flag.Args()
	if len(args) < 4 || args[1] != "--" {
		fmt.Fprintln(os.Stderr, "usage: compare [flags] NAME -- A ARGS... ::: B ARGS...")
		os.Exit(2)
	}
	name, rest := args[0], args[2:]
	sep := -1
	for i, a := range rest {
		if a == ":::" {
			sep = i
		}
	}
	if sep <= 0 || sep == len(rest)-1 {
		fmt.Fprintln(os.Stderr, "compare: A and B are separated by :::")
		os.Exit(2)
	}
	a, b := rest[:sep], rest[sep+1:]
	stdin := input{path: *stdinFile}
	if *stdinFile != "" && *pipe {
		var err error
		if stdin.data, err = os.ReadFile(*stdinFile); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		stdin.path = ""
	}
	// Three warm-up runs of each, not counted (hyperfine's usual --warmup 3).
	for range 3 {
		run(a, envA, stdin)
		run(b, envB, stdin)
	}
	pairRatio := func(xa, xb []time.Duration) (mid, q1, q3 float64) {
		r := make([]float64, len(xa))
		for i := range xa {
			r[i] = float64(xa[i]) / float64(xb[i])
		}
		sort.Float64s(r)
		return r[len(r)/2], r[len(r)/4], r[3*len(r)/4]
	}
	var ta, tb, ca, cb []time.Duration
	var rssA, rssB int64
	for i := 0; i < *pairs; i++ {
		d, cpu, rss := run(a, envA, stdin)
		ta, ca, rssA = append(ta, d), append(ca, cpu), max(rssA, rss)
		d, cpu, rss = run(b, envB, stdin)
		tb, cb, rssB = append(tb, d), append(cb, cpu), max(rssB, rss)
	}
	ma, mb := median(ta), median(tb)
	// The headline is the median of the pairs' own ratios: each A runs next to its B, so a
	// machine that speeds up or slows down during the run (a VM, a laptop) cancels out. The
	// CPU time (user + system, the command and the processes it waited for) is shown beside
	// it: on a VM whose CPUs are shared, it is the steadier of the two.
	ratio, q1, q3 := pairRatio(ta, tb)
	cpuRatio, _, _ := pairRatio(ca, cb)
	verdict := ""
	if *goal > 0 {
		verdict = fmt.Sprintf("  goal <= %.2f: %s", *goal, map[bool]string{true: "met", false: "MISSED"}[ratio <= *goal])
	}
	if *over > 0 {
		d, d1, d3 := pairDiff(ta, tb)
		verdict = fmt.Sprintf("  over B %.3f ms (IQR %.3f-%.3f)  goal <= %.2f ms: %s", d, d1, d3, *over, map[bool]string{true: "met", false: "MISSED"}[d <= *over])
	}
	if *ciUnder > 0 {
		lo, hi := medianInterval(ta, tb)
		verdict = fmt.Sprintf("  95%% interval %.4f-%.4f  goal < %.3f: %s", lo, hi, *ciUnder, map[bool]string{true: "met", false: "MISSED"}[hi < *ciUnder])
	}
	fmt.Printf("%-4s  A %8.3f ms  B %8.3f ms  ratio %.3f (IQR %.3f-%.3f; CPU-time ratio %.3f; %d pairs; peak RSS A %d KiB, B %d KiB)%s\n",
		name, ms(ma), ms(mb), ratio, q1, q3, cpuRatio, *pairs, rssA, rssB, verdict)
}

// input is what a command gets on stdin: the file at path, else data through a pipe.
type input struct {
	path string
	data []byte
}

// run executes the command once and returns its wall time, its CPU time (user and system,
// with the processes it waited for) and its peak RSS in KiB.
func run(argv []string, env []string, stdin input) (time.Duration, time.Duration, int64) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	if stdin.path != "" {
		f, err := os.Open(stdin.path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer f.Close()
		cmd.Stdin = f
	} else {
		cmd.Stdin = bytes.NewReader(stdin.data)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	if err != nil {
		fmt.Fprintf(os.Stderr, "compare: %s: %v\n%s", strings.Join(argv, " "), err, errb.String())
		os.Exit(1)
	}
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	var rss int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = ru.Maxrss / maxrssPerKiB
	}
	return d, cpu, rss
}

// pairDiff is the median of the pairs' differences A-B in ms, with its interquartile range.
func pairDiff(xa, xb []time.Duration) (mid, q1, q3 float64) {
	d := make([]float64, len(xa))
	for i := range xa {
		d[i] = ms(xa[i] - xb[i])
	}
	sort.Float64s(d)
	return d[len(d)/2], d[len(d)/4], d[3*len(d)/4]
}

// medianInterval is the distribution-free 95% interval of the median of the pairs' ratios: the
// j-th and k-th smallest ratios, with j and k the binomial(n, 1/2) quantiles that leave at most
// 2.5% on each side (for 200 pairs, the 86th and 115th).
func medianInterval(xa, xb []time.Duration) (lo, hi float64) {
	n := len(xa)
	r := make([]float64, n)
	for i := range xa {
		r[i] = float64(xa[i]) / float64(xb[i])
	}
	sort.Float64s(r)
	// j counts the i with P(X <= i) <= 2.5%, X ~ Binomial(n, 1/2) (each term through logs,
	// so that large n does not underflow).
	j, cum := 0, 0.0
	for i := 0; i <= n; i++ {
		cum += math.Exp(logChoose(n, i) - float64(n)*math.Ln2)
		if cum > 0.025 {
			break
		}
		j = i + 1
	}
	// P(X <= j-1) <= 2.5%, so the j-th smallest and the j-th largest (1-based) hold the
	// median between them with probability at least 95%; with too few pairs, none does.
	if j == 0 {
		return r[0], r[n-1]
	}
	return r[j-1], r[n-j]
}

func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
