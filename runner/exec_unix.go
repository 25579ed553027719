//go:build unix

package runner

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// process is a hook's main process, the leader of its session and process group. It is not
// reaped until reap: while it is a zombie, its pid names its group and cannot be reused, so
// signalling the group reaches only the hook's own processes.
type process struct {
	pid int
}

// reap waits for the main process and records how it ended.
func (p *process) reap(o *Outcome) {
	var ws syscall.WaitStatus
	for {
		_, err := syscall.Wait4(p.pid, &ws, 0, nil)
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

// startProcess starts the program in a new session and process group, so that the whole group
// can be signalled and a hook that opens /dev/tty fails at once instead of stopping on the
// terminal; the start is retried briefly while the program is busy being written. It is
// syscall.StartProcess, with os.StartProcess's error, rather than os.StartProcess: on Linux the
// latter first probes, once per process, that pidfds work, by starting and reaping a child of
// its own, and it hands back a pidfd hookctl does not use (watchExit opens its own). Skipping
// both measured 0.97 of a run with one trivial hook (CPU time, 300 alternated pairs).
func startProcess(path string, argv []string, dir string, env []string, p *pipes, files []*os.File) (*process, error) {
	attr := &syscall.ProcAttr{Dir: dir, Env: env, Files: childFiles(p.child, files), Sys: procAttr()}
	deadline := time.Now().Add(textBusyRetry)
	for delay := time.Millisecond; ; delay = min(2*delay, 16*time.Millisecond) {
		pid, _, err := syscall.StartProcess(path, argv, attr)
		if err == nil {
			return &process{pid: pid}, nil
		}
		if err != syscall.ETXTBSY || time.Now().Add(delay).After(deadline) {
			return nil, &os.PathError{Op: "fork/exec", Path: path, Err: err}
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

// stop asks the group to end: SIGTERM.
func (p *process) stop() { p.signalGroup(syscall.SIGTERM) }

// kill ends the group: SIGKILL.
func (p *process) kill() { p.signalGroup(syscall.SIGKILL) }

func (p *process) signalGroup(sig syscall.Signal) {
	if p.pid > 1 { // never -1 or 0: those mean every process we may signal, or our own group
		_ = syscall.Kill(-p.pid, sig)
	}
}

// watchExit returns a channel closed when the main process has exited, without reaping it.
func (p *process) watchExit() <-chan struct{} { return watchExit(p.pid) }

// resolve returns the program to run for argv and its argv: the first word found by lookPath,
// the rest as written (a script runs through its #! line).
func resolve(argv []string, dir string) (string, []string, error) {
	path, err := lookPath(argv[0])
	return path, argv, err
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
