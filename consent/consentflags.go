package consent

import "errors"

// ApproveFlags are the arguments `hooks approve` was given: how many COMMAND words, and its
// flags.
type ApproveFlags struct {
	Args                           int
	Event                          string
	All, System, FromLock, Project bool
}

// CheckApprove refuses a combination of approve's arguments that asks two things at once or
// nothing; all says what was asked means every hook (--all, or --project without COMMAND).
func CheckApprove(f ApproveFlags) (all bool, err error) {
	switch {
	case f.FromLock && (f.Args > 0 || f.All || f.System || f.Project || f.Event != ""):
		return false, errors.New("--from-lock approves the project's locked hooks: give it alone")
	case f.FromLock:
		return f.All, nil
	case f.Project && f.System:
		return false, errors.New("--project and --system approve different levels: give one")
	case f.Project && f.Args == 0:
		return true, nil
	case f.All && f.Args > 0:
		return false, errors.New("approve takes a COMMAND or --all, not both")
	case f.All && f.Event != "":
		return false, errors.New("--event goes with a COMMAND, not with --all")
	case !f.All && f.Args != 1:
		return false, errors.New("approve takes one COMMAND (quote it if it has spaces), or --all")
	}
	return f.All, nil
}

// CheckRevoke refuses a combination of revoke's arguments (args COMMAND words, --event,
// --system, --project) that asks two things at once or names nothing.
func CheckRevoke(args int, event string, system, project bool) error {
	switch {
	case project && system:
		return errors.New("--project and --system revoke at different levels: give one")
	case project && args == 0 && event != "":
		return errors.New("--event goes with a COMMAND")
	case project && args <= 1:
		return nil
	case args != 1:
		return errors.New("revoke takes one COMMAND (quote it if it has spaces)")
	}
	return nil
}
