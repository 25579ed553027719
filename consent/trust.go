package consent

import (
	"errors"
	"fmt"
)

// ErrNotOwned marks an allowlist, or a folder holding it, owned by another user: its approvals
// are not the person's own, so it approves nothing and nothing is written to it.
var ErrNotOwned = errors.New("allowlist is not owned by you")

// UntrustedError says why the allowlist cannot be trusted (ErrWritable or ErrNotOwned) and how
// to fix it.
type UntrustedError struct {
	Err error
	// Problem names the file or folder and what is wrong with it; Fix is a command or step.
	Problem, Fix string
}

func (e *UntrustedError) Error() string {
	return fmt.Sprintf("%v: %s; fix it with: %s", e.Err, e.Problem, e.Fix)
}

func (e *UntrustedError) Unwrap() error { return e.Err }
