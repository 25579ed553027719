package runner

import (
	"os"
	"sync"
	"syscall"
)

// heldScriptPath is how a hook's process names its held script, passed to it as fd 3. Running
// the open file closes the window in which a path could name other content than the one
// checked; the price is that the script sees itself as /dev/fd/3 ($0, __file__), which
// `readlink -f "$0"` turns back into its path.
const heldScriptPath = "/dev/fd/3"

// canRunHeld reports whether /dev/fd is there (it is not when /proc is not mounted); without it
// the script is run by its path, checked from the same open file just before the start.
var canRunHeld = sync.OnceValue(func() bool {
	_, err := os.Stat("/dev/fd/0")
	return err == nil
})

func stateOf(fi os.FileInfo) fileState {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileState{size: fi.Size(), mtime: syscall.NsecToTimespec(fi.ModTime().UnixNano())}
	}
	return fileState{size: st.Size, mtime: st.Mtim, ctime: st.Ctim, nlink: uint64(st.Nlink)}
}
