package wall

// Options are how the wall goes up.
type Options struct {
	// BestEffort runs the command with whatever the kernel allows, none included.
	BestEffort bool
	// MaxABI > 0 caps the Landlock ABI used, standing for an older kernel.
	MaxABI int
}

// NotUpError says the wall cannot go up, and why; the command did not run.
type NotUpError struct{ Status Status }

func (e *NotUpError) Error() string {
	return "the wall cannot go up: " + e.Status.Reason
}
