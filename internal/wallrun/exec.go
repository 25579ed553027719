package wallrun

import (
	"errors"
	"fmt"
	"os"
	"os/exec"

	"github.com/hookctl/hookctl/wall"
)

// ErrNotFound marks Exec's error for a command that cannot be found (a shell's 127).
var ErrNotFound = errors.New("command not found")

// Exec replaces this process with args[0] behind the wall of set, the open folder made first
// (OpenFolders); it returns only when that failed: ErrNotFound's error for a command not
// found, else why the command did not run. With o.BestEffort, where the wall cannot go up,
// warn says the command runs without it.
func Exec(set wall.Set, o wall.Options, args []string, warn func(string)) error {
	path, err := exec.LookPath(args[0])
	if err != nil {
		return notFound{err}
	}
	OpenFolders(set)
	if st := wall.Detect(o.MaxABI); st.State == wall.Unavailable && o.BestEffort {
		warn("the wall is not up (" + st.Reason + "); running " + args[0] + " without it (--best-effort)")
	}
	err = wall.Exec(set, o, path, args, os.Environ())
	var notUp *wall.NotUpError
	if errors.As(err, &notUp) {
		return fmt.Errorf("%w; %s did not run (hookctl wall --status says more)", err, args[0])
	}
	return err
}

// notFound is the error of a command LookPath did not find.
type notFound struct{ err error }

func (e notFound) Error() string      { return "wall: " + e.err.Error() }
func (e notFound) Unwrap() error      { return e.err }
func (notFound) Is(target error) bool { return target == ErrNotFound }
