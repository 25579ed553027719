//go:build !linux

package runner

import (
	"os"
	"syscall"
)

// heldScriptPath is unused where a held script is not run through /dev/fd: the script is run by
// its path, checked from the same open file just before the start and again after the exit.
const heldScriptPath = "/dev/fd/3"

func canRunHeld() bool { return false }

func stateOf(fi os.FileInfo) fileState {
	return fileState{size: fi.Size(), mtime: syscall.NsecToTimespec(fi.ModTime().UnixNano())}
}
