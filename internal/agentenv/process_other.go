//go:build !linux && !darwin

package agentenv

// ReadProcess cannot read processes on this system: the ancestry is unknown and gives no
// sign (ErrUnknown).
func ReadProcess(pid int) (Process, error) { return Process{}, ErrUnknown }
