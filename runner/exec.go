package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
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
	// KillGrace is the time between the polite end of a hook's group (SIGTERM; Ctrl-Break on
	// Windows) and the forced one (SIGKILL; TerminateJobObject).
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
	// Program, when set, is the file Argv[0] names, found by the caller (a guard's on the guard
	// PATH): it is executed instead of looking Argv[0] up on hookctl's PATH.
	Program string
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

// Exec runs one hook process in a group of its own, feeding it Stdin and capturing bounded
// output. When it times out, overflows stdout or ctx is cancelled, the whole group is ended,
// politely then by force. Once the main process has exited, what is left of its group is
// killed too, so no process of a hook outlives it. The group is a new session on Unix (a
// process that leaves it with setsid is out of reach by design) and a Job Object on Windows
// (exec_unix.go, exec_windows.go).
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

// hookProcess is a started hook: its process and group, the parent's ends of its pipes and
// the goroutines reading them.
type hookProcess struct {
	proc       *process
	pipes      pipes
	overflow   chan struct{} // closed when stdout passes MaxStdout
	stdoutDone chan []byte
	stderrDone chan []byte
	exited     <-chan struct{}
}

// startHook starts the hook in a group of its own with its stdin fed and its output read. It
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
	proc, err := startProcess(path, argv, c.Dir, env, p, files)
	p.closeChildEnds()
	if err != nil {
		p.closeAll()
		o.StartErr = startError(c.shownPath(path), c.Dir, err)
		return nil
	}
	o.Started = true
	hp.proc = proc
	if len(rest) > 0 {
		go func() {
			// A hook that never reads stdin makes this write fail (a broken pipe) when it
			// exits, or return when closeAll closes the pipe below; nothing waits on it.
			_, _ = p.stdinW.Write(rest)
			_ = p.stdinW.Close()
		}()
	}
	go func() { hp.stdoutDone <- readCapped(p.stdoutR, MaxStdout, hp.overflow) }()
	go func() { hp.stderrDone <- readTail(p.stderrR, StderrTail) }()
	hp.exited = hp.proc.watchExit()
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
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case <-hp.exited:
	case <-timer.C:
		o.TimedOut = true
		hp.terminate()
	case <-hp.overflow:
		o.StdoutTruncated = true
		hp.proc.kill()
		<-hp.exited
	case <-ctx.Done():
		o.Interrupted = true
		hp.terminate()
	}
}

// drain reads the output left in the pipes once the main process has exited, within
// OutputGrace, and kills what is left of the group. The main process is not reaped yet, so the
// group's handle still names the hook's own processes only (see process.kill).
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
	hp.proc.kill()
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

// terminate ends the group politely (process.stop), then by force after KillGrace at most,
// and waits for the main process to exit.
func (hp *hookProcess) terminate() {
	hp.proc.stop()
	select {
	case <-hp.exited:
	case <-time.After(KillGrace):
	}
	hp.proc.kill()
	<-hp.exited
}

// reap waits for the main process and records how it ended.
func (hp *hookProcess) reap(o *Outcome) { hp.proc.reap(o) }

// program returns what to execute, its argv and the files the process gets beyond stdio. A
// held script is passed as fd 3 and named by heldScriptPath: executed as such when it is the
// program, given in its word when an interpreter runs it.
func (c *Command) program() (path string, argv []string, files []*os.File, err error) {
	if c.Script == nil || !canRunHeld() {
		if c.Program != "" {
			return c.Program, c.Argv, nil, nil
		}
		path, argv, err = resolve(c.Argv, c.Dir)
		return path, argv, nil, err
	}
	files = []*os.File{c.Script}
	if c.ScriptWord == 0 {
		return heldScriptPath, c.Argv, files, nil
	}
	if path = c.Program; path == "" {
		if path, err = lookPath(c.Argv[0]); err != nil {
			return "", nil, nil, err
		}
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
