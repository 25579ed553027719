//go:build unix

// Package stress is hookctl's reliability suite: hostile hooks, signals, concurrent writers,
// hostile allowlists and configs, each tried against the real binary in real processes. It
// checks that nothing is lost, nothing survives, nothing unapproved runs and hookctl answers
// within its bounds.
//
// The fast cases run with `go test ./...`; the heavy ones (a gigabyte of output, 20 writers x 5
// rounds, kill loops) run with `make stress`, which passes -stress (or set HOOKCTL_STRESS=1).
// Time bounds are loose on purpose: they prove "did not hang", never "was fast".
package stress

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/hookctl/hookctl/internal/scriptfile"
)

var heavyFlag = flag.Bool("stress", false, "also run the slow, heavy cases (or set HOOKCTL_STRESS=1)")

// bin holds the binaries TestMain builds: hookctl, the slowread hook and the measure helper.
var bin struct{ hookctl, slowread, measure string }

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "hookctl-stress-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := func() int {
		defer os.RemoveAll(dir)
		if err := build(dir); err != nil {
			fmt.Fprintf(os.Stderr, "stress: building hookctl: %v\n", err)
			return 1
		}
		code := m.Run()
		figs.print()
		return code
	}()
	os.Exit(code)
}

// build compiles hookctl as users get it (static, no race detector: it is the program under
// test, not the test) and the helpers of testdata, in one go invocation.
func build(dir string) error {
	goBin, err := exec.LookPath("go")
	if err != nil {
		goBin = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	cmd := exec.Command(goBin, "build", "-tags="+buildTags, "-o", dir+string(filepath.Separator), "./cmd/hookctl", "./stress/testdata/slowread", "./stress/testdata/measure")
	cmd.Dir = ".." // the module root: go test runs a package's tests in its folder
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%v\n%s", err, out)
	}
	bin.hookctl = filepath.Join(dir, "hookctl")
	bin.slowread = filepath.Join(dir, "slowread")
	bin.measure = filepath.Join(dir, "measure")
	return nil
}

// heavy reports whether the slow cases run.
func heavy() bool {
	return *heavyFlag || os.Getenv("HOOKCTL_STRESS") == "1"
}

// slow skips a heavy case unless the suite was asked for them.
func slow(t *testing.T) {
	t.Helper()
	if !heavy() {
		t.Skip("heavy case: run `make stress` (go test ./stress/ -args -stress, or HOOKCTL_STRESS=1)")
	}
}

// home is one isolated hookctl home: its own HOME, HOOKCTL_HOME, a work folder for the files
// hooks leave, and a marker in the environment of hookctl, so that every process a hook starts
// carries it (a hook cannot drop it without clearing its environment) and can be found by it.
type home struct {
	t    *testing.T
	root string // HOME
	dir  string // HOOKCTL_HOME
	work string // STRESS_DIR: pid files and other traces of hooks
	mark string // STRESS_MARK
	// extraEnv is added to every hookctl started from this home.
	extraEnv []string
}

func newHome(t *testing.T) *home {
	t.Helper()
	root := t.TempDir()
	h := &home{
		t:    t,
		root: root,
		dir:  filepath.Join(root, ".agent-hooks"),
		work: filepath.Join(root, "work"),
		mark: fmt.Sprintf("stress-%d-%d", os.Getpid(), markSeq.add()),
	}
	for _, d := range []string{h.dir, h.work} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	// Whatever a failed case leaves behind is ended here, so one failure does not leave
	// sleeping processes for the rest of the run.
	t.Cleanup(func() {
		for _, pid := range h.marked() {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	return h
}

type counter struct {
	mu sync.Mutex
	n  int
}

func (c *counter) add() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
	return c.n
}

var markSeq counter

func (h *home) path(name string) string { return filepath.Join(h.dir, name) }

func (h *home) allowlist() string { return h.path("allowlist.json") }

func (h *home) writeFile(name string, data []byte, mode os.FileMode) {
	h.t.Helper()
	p := name
	if !filepath.IsAbs(p) {
		p = h.path(name)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		h.t.Fatal(err)
	}
	if err := scriptfile.Write(p, data, mode); err != nil {
		h.t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil { // WriteFile's mode goes through the umask
		h.t.Fatal(err)
	}
}

func (h *home) config(yaml string) { h.writeFile("config.yaml", []byte(yaml), 0o600) }

// hook copies testdata/hooks/NAME into the home as an executable script.
func (h *home) hook(name string) {
	h.t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "hooks", name))
	if err != nil {
		h.t.Fatal(err)
	}
	h.writeFile(name, data, 0o755)
}

// env is the environment of hookctl: the test's own without any HOOKCTL_ variable, so nothing
// of the developer's setup leaks in, plus the home's files and marker.
func (h *home) env() []string {
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return strings.HasPrefix(name, "HOOKCTL_") || name == "HOME" || name == "PATH" ||
			strings.HasPrefix(name, "STRESS_")
	})
	path := os.Getenv("PATH")
	for _, d := range []string{"/usr/local/bin", "/usr/bin", "/bin"} {
		if !slices.Contains(filepath.SplitList(path), d) {
			path += string(os.PathListSeparator) + d
		}
	}
	env = append(env, "HOME="+h.root, "HOOKCTL_HOME="+h.dir, "PATH="+path,
		"STRESS_MARK="+h.mark, "STRESS_DIR="+h.work, "NO_COLOR=1")
	return append(env, h.extraEnv...)
}

// command prepares hookctl in a session of its own, as an agent in the background runs it:
// no controlling terminal, so no consent prompt can wait on the developer's terminal.
func (h *home) command(stdin []byte, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	cmd := exec.Command(bin.hookctl, args...)
	cmd.Env = h.env()
	cmd.Dir = h.work
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// Hooks never inherit hookctl's stdout or stderr; if one did, a process it left would hold
	// them open and Wait would wait for it. WaitDelay turns that into ErrWaitDelay.
	cmd.WaitDelay = 10 * time.Second
	return cmd, &stdout, &stderr
}

// leakedOutput explains an ErrWaitDelay from Wait.
func leakedOutput(err error) error {
	if errors.Is(err, exec.ErrWaitDelay) {
		return errors.New("hookctl exited but its stdout or stderr stayed open: a hook's process inherited them")
	}
	return nil
}

// result is one finished hookctl process.
type result struct {
	args           []string
	code           int // -1 when killed by a signal
	signal         syscall.Signal
	stdout, stderr []byte
	elapsed        time.Duration
	maxRSSKiB      int64
}

func (r result) String() string {
	return fmt.Sprintf("hookctl %s: exit %d, %s\nstdout: %s\nstderr: %s", strings.Join(r.args, " "),
		r.code, r.elapsed.Round(time.Millisecond), cut(r.stdout), cut(r.stderr))
}

func cut(b []byte) string {
	if len(b) > 2000 {
		return string(b[:2000]) + fmt.Sprintf("... (%d bytes)", len(b))
	}
	return string(b)
}

// run runs hookctl to the end, under the measure helper, which reports its exit status and
// peak RSS. bound is a loose "did not hang" limit: past it hookctl is killed and the test fails.
func (h *home) run(bound time.Duration, stdin []byte, args ...string) result {
	h.t.Helper()
	cmd, stdout, stderr := h.command(stdin, args...)
	report := filepath.Join(h.work, fmt.Sprintf(".measure-%d", markSeq.add()))
	cmd.Args = append([]string{bin.measure, report}, cmd.Args...)
	cmd.Path = bin.measure
	start := time.Now()
	if err := cmd.Start(); err != nil {
		h.t.Fatal(err)
	}
	// measure and hookctl share a session of their own: a hung run is ended as a group.
	hung := time.AfterFunc(bound, func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
	waitErr := cmd.Wait()
	stillRunning := !hung.Stop()
	r := result{args: args, elapsed: time.Since(start), stdout: stdout.Bytes(), stderr: stderr.Bytes(), code: -1}
	if stillRunning {
		h.t.Fatalf("hookctl did not finish within %s (killed)\n%s", bound, r)
	}
	if err := leakedOutput(waitErr); err != nil {
		h.t.Fatalf("%v\n%s", err, r)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		h.t.Fatalf("measure left no report: %v\n%s", err, r)
	}
	var sig int
	if _, err := fmt.Sscan(string(data), &r.maxRSSKiB, &r.code, &sig); err != nil {
		h.t.Fatalf("measure report %q: %v", data, err)
	}
	r.signal = syscall.Signal(sig)
	figs.rss(h.t.Name(), r.maxRSSKiB)
	return r
}

// start starts hookctl itself, not under measure, for a test that signals it.
func (h *home) start(args ...string) *started {
	h.t.Helper()
	s, err := h.startErr(args...)
	if err != nil {
		h.t.Fatal(err)
	}
	return s
}

// startErr is start for goroutines other than the test's.
func (h *home) startErr(args ...string) (*started, error) {
	cmd, stdout, stderr := h.command(nil, args...)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting hookctl: %w", err)
	}
	return &started{cmd: cmd, stdout: stdout, stderr: stderr, args: args, at: time.Now()}, nil
}

// runErr starts hookctl and waits for it, from any goroutine, without measuring it.
func (h *home) runErr(bound time.Duration, args ...string) (result, error) {
	s, err := h.startErr(args...)
	if err != nil {
		return result{}, err
	}
	return s.waitErr(bound)
}

type started struct {
	cmd            *exec.Cmd
	stdout, stderr *bytes.Buffer
	args           []string
	at             time.Time
}

// wait waits for a started hookctl, killing it and failing the test past bound.
func (s *started) wait(t *testing.T, bound time.Duration) result {
	t.Helper()
	r, err := s.waitErr(bound)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// waitErr is wait for goroutines other than the test's, which must not call t.Fatal.
func (s *started) waitErr(bound time.Duration) (result, error) {
	hung := time.AfterFunc(time.Until(s.at.Add(bound)), func() { _ = s.cmd.Process.Kill() })
	waitErr := s.cmd.Wait()
	stillRunning := !hung.Stop()
	r := result{args: s.args, elapsed: time.Since(s.at), stdout: s.stdout.Bytes(), stderr: s.stderr.Bytes()}
	r.code = s.cmd.ProcessState.ExitCode()
	if ws, ok := s.cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		r.signal = ws.Signal()
	}
	if stillRunning {
		return r, fmt.Errorf("hookctl did not finish within %s (killed)\n%s", bound, r)
	}
	if err := leakedOutput(waitErr); err != nil {
		return r, fmt.Errorf("%v\n%s", err, r)
	}
	return r, nil
}

// runOut is the object `hookctl run` prints.
type runOut struct {
	Event     string          `json:"event"`
	Decision  string          `json:"decision"`
	Reason    string          `json:"reason"`
	ToolInput json.RawMessage `json:"tool_input"`
	Hooks     []struct {
		Command         string `json:"command"`
		Status          string `json:"status"`
		ExitCode        *int   `json:"exit_code"`
		DurationMS      int64  `json:"duration_ms"`
		Message         string `json:"message"`
		OutputTruncated bool   `json:"output_truncated"`
	} `json:"hooks"`
}

// decodeRun checks that stdout is exactly one JSON object in valid UTF-8 and decodes it.
func decodeRun(t *testing.T, r result) runOut {
	t.Helper()
	var out runOut
	decodeOne(t, r, &out)
	return out
}

func decodeOne(t *testing.T, r result, v any) {
	t.Helper()
	if err := jsonObject(r.stdout, v); err != nil {
		t.Fatalf("%v\n%s", err, r)
	}
}

// jsonObject decodes data, which must be exactly one JSON value in valid UTF-8, into v.
func jsonObject(data []byte, v any) error {
	if !utf8.Valid(data) {
		return errors.New("stdout is not valid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("stdout is not a JSON object: %w", err)
	}
	if dec.More() {
		return errors.New("stdout holds more than one JSON value")
	}
	return nil
}

// marked lists the live processes carrying this home's marker: hookctl's children and theirs.
// Zombies do not count (dead, waiting for a parent that may never reap them).
func (h *home) marked() []int {
	return markedProcesses("STRESS_MARK=" + h.mark)
}

// survivors waits up to a few seconds (a SIGKILL is delivered, not instant) for the marked
// processes other than allowed to be gone, and returns those still alive.
func (h *home) survivors(allowed ...int) []int {
	deadline := time.Now().Add(5 * time.Second)
	for {
		left := slices.DeleteFunc(h.marked(), func(pid int) bool { return slices.Contains(allowed, pid) })
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// describe names processes for a failure message.
func describe(pids []int) string {
	var b strings.Builder
	for _, pid := range pids {
		fmt.Fprintf(&b, "\n  pid %d: %s", pid, commandLine(pid))
	}
	return b.String()
}

// killMarked ends the marked processes, checking the marker again right before each kill,
// and then whatever else still carries the marker, until none does (up to 5 s): an orphaned
// hook's loop may fork its next child between the listing and the kills, and that child,
// carrying the marker, was in no list (seen under load: "could not end the orphaned hook
// group").
func (h *home) killMarked(pids []int) {
	for _, pid := range pids {
		if slices.Contains(h.marked(), pid) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for left := h.marked(); len(left) > 0 && time.Now().Before(deadline); left = h.marked() {
		for _, pid := range left {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitFile waits for a file a hook creates, up to bound.
func waitFile(t *testing.T, path string, bound time.Duration) {
	t.Helper()
	deadline := time.Now().Add(bound)
	for {
		if fi, err := os.Stat(path); err == nil && fi.Size() > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not appear within %s", path, bound)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// readPid reads the pid a hook wrote to path.
func readPid(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return pid
}

// figs gathers the figures the README's Reliability section reports.
var figs = &figures{rows: map[string]string{}}

type figures struct {
	mu         sync.Mutex
	cases      int
	left       int   // hook processes left after hookctl returned (escapees excepted)
	escaped    int   // setsid escapees, out of reach by design
	orphaned   int   // hook processes left by a SIGKILL of hookctl
	lost       int   // approvals lost or revocations resurrected
	corrupt    int   // readers that saw an invalid allowlist
	peakRSSKiB int64 // over every measured hookctl process of the run
	peakRSSAt  string
	rows       map[string]string
}

// tried counts a case; left counts the hook processes it found alive afterwards.
func (f *figures) tried(left int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.cases++
	f.left += left
}

func (f *figures) rss(test string, kib int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if kib > f.peakRSSKiB {
		f.peakRSSKiB, f.peakRSSAt = kib, test
	}
}

func (f *figures) note(key, format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rows[key] = fmt.Sprintf(format, args...)
}

func (f *figures) count(p *int, n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	*p += n
}

func (f *figures) print() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.cases == 0 {
		return
	}
	fmt.Printf("\nstress figures (heavy cases %s)\n", map[bool]string{true: "included", false: "skipped"}[heavy()])
	fmt.Printf("  %-40s %d\n", "cases tried", f.cases)
	fmt.Printf("  %-40s %d\n", "hook processes left", f.left)
	fmt.Printf("  %-40s %d (setsid, out of reach by design; ended by the test)\n", "escaped the group", f.escaped)
	fmt.Printf("  %-40s %d (SIGKILL of hookctl; ended by the test)\n", "orphaned", f.orphaned)
	fmt.Printf("  %-40s %d\n", "approvals lost or revocations undone", f.lost)
	fmt.Printf("  %-40s %d\n", "readers that saw an invalid allowlist", f.corrupt)
	fmt.Printf("  %-40s %.1f MiB (%s)\n", "peak RSS of hookctl (wait4 maxrss)", float64(f.peakRSSKiB)/1024, f.peakRSSAt)
	keys := make([]string, 0, len(f.rows))
	for k := range f.rows {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("  %-40s %s\n", k, f.rows[k])
	}
}
