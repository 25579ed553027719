//go:build !linux && !darwin

package wall

import "errors"

// Detect says there is no wall on this system yet (SPEC 24.1: Windows has none).
func Detect(int) Status {
	return Status{State: Unavailable, Reason: "there is no wall on this system yet: the self-guard and the system level stand alone"}
}

// Exec runs nothing: the wall cannot go up here.
func Exec(s Set, o Options, path string, argv, env []string) error {
	if !o.BestEffort {
		return &NotUpError{Status: Detect(0)}
	}
	return errors.New("--best-effort cannot run a command on this system: start it directly")
}
