package agentenv

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
)

// ReadProcess reads the process pid from /proc: its parent and comm from /proc/PID/stat, its
// arguments from /proc/PID/cmdline (empty for a kernel thread, or when it cannot be read).
func ReadProcess(pid int) (Process, error) {
	dir := "/proc/" + strconv.Itoa(pid)
	stat, err := os.ReadFile(dir + "/stat")
	if err != nil {
		return Process{}, err
	}
	p, err := parseStat(stat)
	if err != nil {
		return Process{}, fmt.Errorf("%s/stat: %w", dir, err)
	}
	if cmdline, err := os.ReadFile(dir + "/cmdline"); err == nil {
		p.Args = splitArgs(cmdline)
	}
	return p, nil
}

// parseStat reads "PID (COMM) STATE PPID ...". COMM may hold spaces and parentheses, so it
// ends at the last ")".
func parseStat(stat []byte) (Process, error) {
	open, close := bytes.IndexByte(stat, '('), bytes.LastIndexByte(stat, ')')
	if open < 1 || close < open {
		return Process{}, fmt.Errorf("unexpected format %q", stat)
	}
	pid, err := strconv.Atoi(string(bytes.TrimSpace(stat[:open])))
	if err != nil {
		return Process{}, fmt.Errorf("unexpected pid: %w", err)
	}
	rest := bytes.Fields(stat[close+1:])
	if len(rest) < 2 {
		return Process{}, fmt.Errorf("unexpected format %q", stat)
	}
	ppid, err := strconv.Atoi(string(rest[1]))
	if err != nil {
		return Process{}, fmt.Errorf("unexpected ppid: %w", err)
	}
	return Process{PID: pid, PPID: ppid, Comm: string(stat[open+1 : close])}, nil
}

// splitArgs splits a NUL-separated argument vector, as /proc/PID/cmdline holds it.
func splitArgs(b []byte) []string {
	b = bytes.TrimRight(b, "\x00")
	if len(b) == 0 {
		return nil
	}
	var args []string
	for _, a := range bytes.Split(b, []byte{0}) {
		args = append(args, string(a))
	}
	return args
}
