package runner

// heldScriptPath is unused on Windows, which has no /dev/fd: a `pin: exec` script runs by its
// path. The held file is opened without write or delete sharing (consent.OpenScript), so
// nothing can change or replace the script while it is held, and it is still checked from the
// held file just before the start and after the exit, as on Unix.
const heldScriptPath = ""

func canRunHeld() bool { return false }
