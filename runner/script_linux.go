package runner

import (
	"os"

	"github.com/hookctl/hookctl/internal/lazy"
)

// heldScriptPath is how a hook with `pin: exec` names its held script, passed to it as fd 3:
// no path lookup stands between the check and the run. The price is that the script sees
// itself as /dev/fd/3 ($0, __file__); `readlink -f "$0"` turns that back into its path.
const heldScriptPath = "/dev/fd/3"

var canRunHeldOnce lazy.Value[bool]

// canRunHeld reports whether /dev/fd is there (it is not when /proc is not mounted); without it
// a `pin: exec` script runs by its path, with the same checks as any other.
func canRunHeld() bool {
	return canRunHeldOnce.Get(func() bool {
		_, err := os.Stat("/dev/fd/0")
		return err == nil
	})
}
