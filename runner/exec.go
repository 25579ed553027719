package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/hookctl/hookctl/config"
)

// Limits on what one hook process may cost.
const (
	// MaxStdout caps a hook's stdout; past it the hook's group is ended at once.
	MaxStdout = 1 << 20
	// StderrTail is how much of the end of a hook's stderr is kept.
	StderrTail = 64 << 10
	// OutputGrace is how long hookctl waits for output once the main process has exited,
	// even when a background child still holds stdout open.
	OutputGrace = time.Second
	// killedGrace is the part of OutputGrace left for reading after the group is killed.
	killedGrace = 100 * time.Millisecond
	// KillGrace is the time between SIGTERM and SIGKILL when a hook's group is ended.
	KillGrace = 500 * time.Millisecond
)

// Command is one hook process to run.
type Command struct {
	Argv []string
	// Env is the full environment; nil means hookctl's own.
	Env []string
	// Dir is the working directory; "" means hookctl's.
	Dir   string
	Stdin []byte
	// Timeout goes through config.EffectiveTimeout, so nothing can bypass the clamp.
	Timeout time.Duration
	// Script, when set, is the open file of the script that Argv[ScriptWord] names: that very
	// file runs, as /dev/fd/3, whatever the path names by the time the process starts (a
	// hook's `pin: exec`). Without it the script runs by its path.
	Script     *os.File
	ScriptWord int
}

// Outcome is what happened to a hook process.
type Outcome struct {
	// ExitCode is the exit status, -1 when the process did not exit by itself.
	ExitCode int
	// Signal is the signal that ended the process, 0 when none did.
	Signal          syscall.Signal
	Stdout          []byte
	Stderr          []byte // the last StderrTail bytes
	StdoutTruncated bool
	TimedOut        bool
	// Interrupted is set when ctx was cancelled while the hook ran.
	Interrupted bool
	// PastDeadline is set beside Interrupted when what ended ctx was its deadline (the one the
	// agent gave hookctl), not an interruption.
	PastDeadline bool
	// StartErr is set when the process could not be started.
	StartErr error
	// Started is set once the process has started.
	Started  bool
	Timeout  time.Duration
	Duration time.Duration
}

// Exec runs one hook process in a new session, so in its own process group with no controlling
// terminal, feeding it Stdin and capturing bounded output. When it times out, overflows stdout
// or ctx is cancelled, the whole group is ended, SIGTERM then SIGKILL. Once the main process has
// exited, what is left of its group is killed too, so no process of a hook outlives it (except
// one that left the group with setsid, which is out of reach by design).
func Exec(ctx context.Context, c Command) Outcome {
	start := time.Now()
	o := run(ctx, c)
	o.Duration = time.Since(start)
	o.PastDeadline = o.Interrupted && errors.Is(ctx.Err(), context.DeadlineExceeded)
	return o
}

// run is Exec without the clock: start the hook, supervise it until its main process exits or
// must be ended, drain its output, then reap it.
func run(ctx context.Context, c Command) Outcome {
	timeout, _ := config.EffectiveTimeout(c.Timeout)
	o := Outcome{ExitCode: -1, Timeout: timeout}
	hp := startHook(ctx, c, &o)
	if hp == nil {
		return o
	}
	defer hp.pipes.closeAll()
	hp.supervise(ctx, timeout, &o)
	hp.drain(ctx, &o)
	hp.reap(&o)
	return o
}

// hookProcess is a started hook: its process, the parent's ends of its pipes and the
// goroutines reading them.
type hookProcess struct {
	pid        int // not reaped until reap: while it is a zombie, its pid names its group
	pipes      pipes
	overflow   chan struct{} // closed when stdout passes MaxStdout
	stdoutDone chan []byte
	stderrDone chan []byte
	exited     <-chan struct{}
}

// startHook starts the hook in a session of its own with its stdin fed and its output read. It
// returns nil, with o saying why, when the hook did not start.
func startHook(ctx context.Context, c Command, o *Outcome) *hookProcess {
	path, argv, files := prepare(ctx, c, o)
	if o.StartErr != nil || o.Interrupted {
		return nil
	}
	hp := &hookProcess{overflow: make(chan struct{}), stdoutDone: make(chan []byte, 1), stderrDone: make(chan []byte, 1)}
	p := &hp.pipes
	if err := p.open(); err != nil {
		p.closeAll()
		o.StartErr = err
		return nil
	}
	// Most payloads fit in the pipe's buffer: written before the hook starts, they need no
	// writer goroutine. What does not fit is written by one once the hook reads.
	rest := prefill(p.stdinW, c.Stdin)
	if len(rest) == 0 {
		_ = p.stdinW.Close()
	}
	env := c.Env
	if env == nil {
		env = os.Environ()
	}
	pid, err := startProcess(path, argv, &syscall.ProcAttr{
		Dir:   c.Dir,
		Env:   env,
		Files: childFiles(p.child, files),
		// A new session and process group, so the whole group can be signalled and a hook
		// that opens /dev/tty fails at once instead of stopping on the terminal.
		Sys: procAttr(),
	})
	p.closeChildEnds()
	if err != nil {
		p.closeAll()
		o.StartErr = startError(c.shownPath(path), c.Dir, err)
		return nil
	}
	o.Started = true
	hp.pid = pid
	if len(rest) > 0 {
		go func() {
			// A hook that never reads stdin makes this write fail with EPIPE when it exits,
			// or return when closeAll closes the pipe below; either way nothing waits on it.
			_, _ = p.stdinW.Write(rest)
			_ = p.stdinW.Close()
		}()
	}
	go func() { hp.stdoutDone <- readCapped(p.stdoutR, MaxStdout, hp.overflow) }()
	go func() { hp.stderrDone <- readTail(p.stderrR, StderrTail) }()
	hp.exited = watchExit(pid)
	return hp
}

// prepare checks what can be checked before a start and resolves the program; a failure is
// set in o (StartErr, or Interrupted).
func prepare(ctx context.Context, c Command, o *Outcome) (path string, argv []string, files []*os.File) {
	if len(c.Argv) == 0 {
		o.StartErr = errors.New("empty command")
		return
	}
	if ctx.Err() != nil {
		// Once hookctl is interrupted no hook may start, not even for the instant it would
		// take to end it again: a hook's first lines can already have side effects.
		o.Interrupted = true
		return
	}
	path, argv, files, err := c.program()
	if err != nil {
		o.StartErr = err
		return
	}
	if c.Dir != "" {
		// The child's chdir and exec fail with the same errno, so a missing directory would
		// otherwise be reported as a missing script or interpreter.
		fi, err := os.Stat(c.Dir)
		switch {
		case err != nil:
			o.StartErr = fmt.Errorf("working directory %s: %w", c.Dir, errors.Unwrap(err))
		case !fi.IsDir():
			o.StartErr = fmt.Errorf("working directory %s: not a directory", c.Dir)
		}
	}
	return path, argv, files
}

// supervise waits for the main process to exit, ending its group first when it times out,
// overflows stdout or ctx is cancelled.
func (hp *hookProcess) supervise(ctx context.Context, timeout time.Duration, o *Outcome) {
	pid := hp.pid
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case <-hp.exited:
	case <-timer.C:
		o.TimedOut = true
		terminate(pid, hp.exited)
	case <-hp.overflow:
		o.StdoutTruncated = true
		killGroup(pid, syscall.SIGKILL)
		<-hp.exited
	case <-ctx.Done():
		o.Interrupted = true
		terminate(pid, hp.exited)
	}
}

// drain reads the output left in the pipes once the main process has exited, within
// OutputGrace, and kills what is left of the group. The main process is not reaped yet, so its
// pid, which is the group's id, cannot be reused: the group's signal reaches only the hook's
// own processes.
func (hp *hookProcess) drain(ctx context.Context, o *Outcome) {
	var gotOut, gotErr bool
	wait := func(d time.Duration) {
		timer := time.NewTimer(d)
		defer timer.Stop()
		for !(gotOut && gotErr) {
			select {
			case o.Stdout = <-hp.stdoutDone:
				gotOut = true
			case o.Stderr = <-hp.stderrDone:
				gotErr = true
			case <-hp.overflow:
				o.StdoutTruncated = true
				hp.overflow = nil
			case <-timer.C:
				return
			case <-ctx.Done():
				o.Interrupted = true
				return
			}
		}
	}
	// Most of the grace is for children still writing; the rest of it follows the kill below,
	// which ends every writer of the group, so that output already in the pipes is read
	// even when the readers were slow to be scheduled.
	wait(OutputGrace - killedGrace)
	killGroup(hp.pid, syscall.SIGKILL)
	if !(gotOut && gotErr) && !o.Interrupted {
		wait(killedGrace)
	}
	hp.pipes.closeAll() // unblocks readers still held by a process that escaped the group
	if !gotOut {
		o.Stdout = <-hp.stdoutDone
	}
	if !gotErr {
		o.Stderr = <-hp.stderrDone
	}
	select {
	case <-hp.overflow:
		o.StdoutTruncated = true
	default:
	}
}

// reap waits for the main process and records how it ended.
func (hp *hookProcess) reap(o *Outcome) {
	var ws syscall.WaitStatus
	for {
		_, err := syscall.Wait4(hp.pid, &ws, 0, nil)
		if err == nil {
			break
		}
		if err != syscall.EINTR {
			return
		}
	}
	if ws.Signaled() {
		o.Signal = ws.Signal()
	} else {
		o.ExitCode = ws.ExitStatus()
	}
}

// textBusyRetry bounds how long a start that fails with ETXTBSY is retried: the script is
// open for writing somewhere, an editor saving it or a process forked while it was being
// written (go.dev/issue/22315), which lasts moments.
var textBusyRetry = 100 * time.Millisecond // a variable only for a test

// startProcess starts the program, retried briefly while it is busy being written. It is
// syscall.StartProcess, with os.StartProcess's error, rather than os.StartProcess: on Linux the
// latter first probes, once per process, that pidfds work, by starting and reaping a child of
// its own, and it hands back a pidfd hookctl does not use (watchExit opens its own). Skipping
// both measured 0.97 of a run with one trivial hook (CPU time, 300 alternated pairs).
func startProcess(path string, argv []string, attr *syscall.ProcAttr) (int, error) {
	deadline := time.Now().Add(textBusyRetry)
	for delay := time.Millisecond; ; delay = min(2*delay, 16*time.Millisecond) {
		pid, _, err := syscall.StartProcess(path, argv, attr)
		if err == nil {
			return pid, nil
		}
		if err != syscall.ETXTBSY || time.Now().Add(delay).After(deadline) {
			return 0, &os.PathError{Op: "fork/exec", Path: path, Err: err}
		}
		time.Sleep(delay)
	}
}

// childFiles returns the child's descriptors: its stdio, then the files, in blocking mode as
// os.StartProcess gives them.
func childFiles(stdio [3]int, files []*os.File) []uintptr {
	out := []uintptr{uintptr(stdio[0]), uintptr(stdio[1]), uintptr(stdio[2])}
	for _, f := range files {
		out = append(out, f.Fd())
	}
	return out
}

// prefill writes as much of data into the pipe as its buffer takes without blocking and
// returns the rest.
func prefill(w *os.File, data []byte) []byte {
	rc, err := w.SyscallConn()
	if err != nil {
		return data
	}
	_ = rc.Write(func(fd uintptr) bool {
		for len(data) > 0 {
			n, err := syscall.Write(int(fd), data)
			if n > 0 {
				data = data[n:]
			}
			if err == syscall.EINTR {
				continue
			}
			if err != nil || n <= 0 {
				break // EAGAIN: the buffer is full
			}
		}
		return true // one attempt only: never wait for the pipe here
	})
	return data
}

// terminate ends a group politely: SIGTERM, then SIGKILL after KillGrace at most.
func terminate(pid int, exited <-chan struct{}) {
	killGroup(pid, syscall.SIGTERM)
	select {
	case <-exited:
	case <-time.After(KillGrace):
	}
	killGroup(pid, syscall.SIGKILL)
	<-exited
}

func killGroup(pid int, sig syscall.Signal) {
	if pid > 1 { // never -1 or 0: those mean every process we may signal, or our own group
		_ = syscall.Kill(-pid, sig)
	}
}

// program returns what to execute, its argv and the files the process gets beyond stdio. A
// held script is passed as fd 3 and named by heldScriptPath: executed as such when it is the
// program, given in its word when an interpreter runs it.
func (c *Command) program() (path string, argv []string, files []*os.File, err error) {
	if c.Script == nil || !canRunHeld() {
		path, err = lookPath(c.Argv[0])
		return path, c.Argv, nil, err
	}
	files = []*os.File{c.Script}
	if c.ScriptWord == 0 {
		return heldScriptPath, c.Argv, files, nil
	}
	if path, err = lookPath(c.Argv[0]); err != nil {
		return "", nil, nil, err
	}
	argv = append([]string(nil), c.Argv...)
	argv[c.ScriptWord] = heldScriptPath
	return path, argv, files, nil
}

// shownPath names the program in errors by the path the person wrote, not as fd 3.
func (c *Command) shownPath(path string) string {
	if path == heldScriptPath {
		return c.Argv[0]
	}
	return path
}

// lookPath finds the program: a bare name on PATH, anything with a slash as written.
func lookPath(name string) (string, error) {
	if strings.Contains(name, "/") {
		return name, nil
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("%s: not found on PATH", name)
	}
	return p, nil
}

// startError explains why a hook could not start, in the user's terms. dir is the working
// directory the child had: a relative path was resolved against it, so it is looked at there.
func startError(path, dir string, err error) error {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return err
	}
	seen := path
	if dir != "" && !filepath.IsAbs(path) {
		seen = filepath.Join(dir, path)
	}
	fi, statErr := os.Stat(seen)
	switch {
	case errno == syscall.ENOENT && statErr == nil:
		return fmt.Errorf("%s: its interpreter was not found (check the #! line)", path)
	case errno == syscall.ENOENT:
		return fmt.Errorf("%s: no such file", path)
	case errno == syscall.EACCES && statErr == nil && fi.IsDir():
		return fmt.Errorf("%s: is a directory", path)
	case errno == syscall.EACCES:
		return fmt.Errorf("%s: permission denied (is it executable? chmod +x %s)", path, path)
	case errno == syscall.ETXTBSY:
		return fmt.Errorf("%s: the file is open for writing elsewhere (text file busy)", path)
	case errno == syscall.ENOEXEC:
		return fmt.Errorf("%s: exec format error (a script needs a #! line)", path)
	}
	return fmt.Errorf("%s: %w", path, err)
}

// pipes are a hook's stdin, stdout and stderr: the parent's ends as files read and written
// through the runtime's poller, the child's ends as bare descriptors (-1 once closed). Bare,
// because an *os.File end would be registered with the poller, set back to blocking for the
// child and deregistered on close: six system calls a pipe that the child's end never needed;
// the three pipes of a run with one trivial hook make 18 fewer calls (see rawPipe).
type pipes struct {
	stdinW, stdoutR, stderrR *os.File
	child                    [3]int // the hook's stdin, stdout and stderr
}

func (p *pipes) open() error {
	p.child = [3]int{-1, -1, -1}
	var err error
	if p.child[0], p.stdinW, err = childReads(); err != nil {
		return err
	}
	if p.stdoutR, p.child[1], err = childWrites(); err != nil {
		return err
	}
	p.stderrR, p.child[2], err = childWrites()
	return err
}

// childReads returns a pipe the child reads: its bare end and the parent's file.
func childReads() (int, *os.File, error) {
	fds, err := rawPipe(0)
	if err != nil {
		return -1, nil, err
	}
	return fds[0], os.NewFile(uintptr(fds[1]), "|1"), nil
}

// childWrites returns a pipe the child writes: the parent's file and the child's bare end.
func childWrites() (*os.File, int, error) {
	fds, err := rawPipe(1)
	if err != nil {
		return nil, -1, err
	}
	return os.NewFile(uintptr(fds[0]), "|0"), fds[1], nil
}

func (p *pipes) closeChildEnds() {
	for i, fd := range p.child {
		if fd >= 0 {
			_ = syscall.Close(fd)
			p.child[i] = -1
		}
	}
}

func (p *pipes) closeAll() {
	p.closeChildEnds()
	for _, f := range []*os.File{p.stdinW, p.stdoutR, p.stderrR} {
		if f != nil {
			_ = f.Close()
		}
	}
}

// readCapped reads up to max bytes; one byte more closes overflow and stops reading.
func readCapped(r io.Reader, max int, overflow chan<- struct{}) []byte {
	buf := make([]byte, 0, 4096)
	for {
		if len(buf) == cap(buf) {
			grow := cap(buf) * 2
			if grow > max+1 {
				grow = max + 1
			}
			nb := make([]byte, len(buf), grow)
			copy(nb, buf)
			buf = nb
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if len(buf) > max {
			close(overflow)
			return buf[:max]
		}
		if err != nil {
			return buf
		}
	}
}

// readTail drains r, keeping its last max bytes.
func readTail(r io.Reader, max int) []byte {
	var tail []byte // grows only as far as a hook writes, up to 2*max
	chunk := make([]byte, 16<<10)
	for {
		n, err := r.Read(chunk)
		tail = append(tail, chunk[:n]...)
		if len(tail) > 2*max {
			tail = append(tail[:0], tail[len(tail)-max:]...)
		}
		if err != nil {
			break
		}
	}
	if len(tail) > max {
		tail = tail[len(tail)-max:]
	}
	return tail
}
