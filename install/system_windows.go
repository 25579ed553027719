package install

import "golang.org/x/sys/windows"

// managedDirKey is the key of Codex's requirements.toml that names the managed hooks' folder
// on Windows.
const managedDirKey = "windows_managed_dir"

// programFiles is the Program Files known folder (C:\Program Files on a default install), asked
// of Windows, never read from %ProgramFiles%, which the person's environment can point
// anywhere; "" when Windows does not answer.
func programFiles() string {
	p, err := windows.KnownFolderPath(windows.FOLDERID_ProgramFiles, 0)
	if err != nil {
		return ""
	}
	return p
}
