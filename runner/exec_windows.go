package runner

import (
	"errors"
	"fmt"
	"os"
	"sync/atomic"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// process is a hook's main process and the Job Object that holds it and everything it starts.
// The job is made to end its processes when its last handle closes, and hookctl holds that
// handle: a timeout, an interruption or hookctl's own exit (even a forced one) ends the whole
// tree. Nothing started inside the job can leave it: breakaway is not allowed.
type process struct {
	p   *os.Process
	job windows.Handle
	// state is the main process's end, set before the watchExit channel closes.
	state *os.ProcessState
	// killed is set once kill ended the job, so reap tells a killed hook from one that failed.
	killed atomic.Bool
}

// killedExitCode is the exit code TerminateJobObject gives the processes it ends.
const killedExitCode = 0x4B494C4C // "KILL"

// statusControlCExit is the exit code of a process ended by Ctrl-C or Ctrl-Break.
const statusControlCExit = 0xC000013A

// startProcess starts the hook suspended, in a new process group (so Ctrl-Break can be sent to
// it alone), puts it into a Job Object of its own and only then lets it run: no process it
// starts can run before it is in the job.
func startProcess(path string, argv []string, dir string, env []string, p *pipes, files []*os.File) (*process, error) {
	job, err := newJob()
	if err != nil {
		return nil, err
	}
	attr := &os.ProcAttr{
		Dir:   dir,
		Env:   env,
		Files: []*os.File{p.child[0], p.child[1], p.child[2]},
		Sys: &syscall.SysProcAttr{
			CreationFlags: windows.CREATE_SUSPENDED | windows.CREATE_NEW_PROCESS_GROUP,
			CmdLine:       commandLine(path, argv),
		},
	}
	proc, err := os.StartProcess(path, argv, attr)
	if err != nil {
		_ = windows.CloseHandle(job)
		return nil, err
	}
	hp := &process{p: proc, job: job}
	err = proc.WithHandle(func(h uintptr) {
		err = windows.AssignProcessToJobObject(job, windows.Handle(h))
	})
	if err == nil {
		err = resumeMainThread(uint32(proc.Pid))
	}
	if err != nil {
		_ = proc.Kill()
		_, _ = proc.Wait()
		_ = windows.CloseHandle(job)
		return nil, fmt.Errorf("%s: could not start it inside a Job Object: %w", path, err)
	}
	return hp, nil
}

// newJob makes a Job Object whose processes all end when its last handle is closed. The handle
// is not inheritable, so only hookctl holds it.
func newJob() (windows.Handle, error) {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return 0, os.NewSyscallError("CreateJobObject", err)
	}
	var info windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		_ = windows.CloseHandle(job)
		return 0, os.NewSyscallError("SetInformationJobObject", err)
	}
	return job, nil
}

// resumeMainThread resumes the threads of the process pid, which was created suspended: its
// main thread, the only one a suspended process has. os.StartProcess keeps no handle to that
// thread, so it is found in a snapshot of the system's threads.
func resumeMainThread(pid uint32) error {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPTHREAD, 0)
	if err != nil {
		return os.NewSyscallError("CreateToolhelp32Snapshot", err)
	}
	defer windows.CloseHandle(snap)
	resumed := 0
	te := windows.ThreadEntry32{Size: uint32(unsafe.Sizeof(windows.ThreadEntry32{}))}
	for err = windows.Thread32First(snap, &te); err == nil; err = windows.Thread32Next(snap, &te) {
		if te.OwnerProcessID != pid {
			continue
		}
		th, err := windows.OpenThread(windows.THREAD_SUSPEND_RESUME, false, te.ThreadID)
		if err != nil {
			return os.NewSyscallError("OpenThread", err)
		}
		_, err = windows.ResumeThread(th)
		_ = windows.CloseHandle(th)
		if err != nil {
			return os.NewSyscallError("ResumeThread", err)
		}
		resumed++
	}
	if resumed == 0 {
		return fmt.Errorf("no thread of process %d to resume", pid)
	}
	return nil
}

// stop asks the group to end: Ctrl-Break to its process group. It reaches the hook only when
// hookctl has a console the hook shares; kill follows after KillGrace either way.
func (p *process) stop() {
	_ = windows.GenerateConsoleCtrlEvent(windows.CTRL_BREAK_EVENT, uint32(p.p.Pid))
}

// kill ends every process in the job.
func (p *process) kill() {
	p.killed.Store(true)
	_ = windows.TerminateJobObject(p.job, killedExitCode)
}

// watchExit returns a channel closed when the main process has exited. What is left of the
// job stays in it until kill or reap.
func (p *process) watchExit() <-chan struct{} {
	exited := make(chan struct{})
	go func() {
		p.state, _ = p.p.Wait()
		close(exited)
	}()
	return exited
}

// reap records how the main process ended and closes the job, which ends anything still in
// it. A hook that kill ended reads as killed by SIGKILL, one that Ctrl-Break ended as by
// SIGINT, as they would on Unix.
func (p *process) reap(o *Outcome) {
	defer windows.CloseHandle(p.job)
	if p.state == nil {
		return
	}
	code := uint32(p.state.ExitCode())
	switch {
	case code == killedExitCode && p.killed.Load():
		o.Signal = syscall.SIGKILL
	case code == statusControlCExit:
		o.Signal = syscall.SIGINT
	default:
		o.ExitCode = int(int32(code))
	}
}

// prefill writes nothing ahead on Windows: a pipe there cannot be written without blocking,
// so the whole payload is written by startHook's goroutine.
func prefill(w *os.File, data []byte) []byte { return data }

// pipes are a hook's stdin, stdout and stderr: the parent's ends, and the child's ends, which
// os.StartProcess duplicates into the hook and which are closed once it has started.
type pipes struct {
	stdinW, stdoutR, stderrR *os.File
	child                    [3]*os.File // the hook's stdin, stdout and stderr
}

func (p *pipes) open() (err error) {
	if p.child[0], p.stdinW, err = os.Pipe(); err != nil {
		return err
	}
	if p.stdoutR, p.child[1], err = os.Pipe(); err != nil {
		return err
	}
	p.stderrR, p.child[2], err = os.Pipe()
	return err
}

func (p *pipes) closeChildEnds() {
	for i, f := range p.child {
		if f != nil {
			_ = f.Close()
			p.child[i] = nil
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

// startError explains why a hook could not start, in the user's terms.
func startError(path, dir string, err error) error {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return err
	}
	switch errno {
	case windows.ERROR_FILE_NOT_FOUND, windows.ERROR_PATH_NOT_FOUND:
		return fmt.Errorf("%s: no such file", path)
	case windows.ERROR_ACCESS_DENIED:
		return fmt.Errorf("%s: access denied", path)
	case windows.ERROR_BAD_EXE_FORMAT:
		return fmt.Errorf("%s: not a program Windows can run (a script runs by its extension: .ps1, .cmd, .bat, .sh or .py)", path)
	}
	return fmt.Errorf("%s: %w", path, err)
}
