//go:build !linux && !darwin && !windows

package install

// systemFiles: none yet on this platform (Windows: SPEC 21).
var systemFiles = map[string]string{}

// managedDirKey is the key of Codex's requirements.toml that names the managed hooks' folder
// here.
const managedDirKey = "managed_dir"
