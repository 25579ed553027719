//go:build !linux && !darwin

package install

// systemFiles: none yet on this platform (Windows: SPEC 21).
var systemFiles = map[string]string{}
