package agentenv

import (
	"bytes"
	"fmt"

	"golang.org/x/sys/unix"
)

// ReadProcess reads the process pid through sysctl: its parent and comm from kern.proc.pid,
// its arguments from kern.procargs2 (empty when it cannot be read, as for another user's
// process).
func ReadProcess(pid int) (Process, error) {
	k, err := unix.SysctlKinfoProc("kern.proc.pid", pid)
	if err != nil {
		return Process{}, fmt.Errorf("reading process %d: %w", pid, err)
	}
	if int(k.Proc.P_pid) != pid {
		return Process{}, fmt.Errorf("reading process %d: no such process", pid)
	}
	comm := k.Proc.P_comm[:]
	if i := bytes.IndexByte(comm, 0); i >= 0 {
		comm = comm[:i]
	}
	p := Process{PID: pid, PPID: int(k.Eproc.Ppid), Comm: string(comm)}
	if raw, err := unix.SysctlRaw("kern.procargs2", pid); err == nil {
		p.Args = parseProcargs(raw)
	}
	return p, nil
}
