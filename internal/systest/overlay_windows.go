package systest

// etcIsOverlay is false on Windows, which has no mount namespace: Enter skips its tests
// before asking (they need root, and a Windows process has no effective user id).
func etcIsOverlay() bool { return false }
