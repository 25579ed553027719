package config

import (
	"path/filepath"

	"golang.org/x/sys/windows"
)

// SystemDir is the system level's folder (SPEC 18.2, 23.9): AgentHooks in the ProgramData
// known folder (C:\ProgramData\AgentHooks on a default install), asked of Windows, never read
// from %ProgramData%, which the person's environment can point anywhere. Empty when Windows
// does not answer: then there is no system level, as on a platform without one.
var SystemDir = systemDir()

// SystemPath is the PATH a system hook runs with, and the one its bare program names are
// looked up on (SPEC 23.3): System32 and the Windows folder, as the known-folder API names
// them, which only Administrators, SYSTEM and TrustedInstaller may change.
var SystemPath = systemPath()

func systemDir() string {
	pd, err := windows.KnownFolderPath(windows.FOLDERID_ProgramData, 0)
	if err != nil || pd == "" {
		return ""
	}
	return filepath.Join(pd, "AgentHooks")
}

func systemPath() string {
	sys32, err1 := windows.KnownFolderPath(windows.FOLDERID_System, 0)
	win, err2 := windows.KnownFolderPath(windows.FOLDERID_Windows, 0)
	if err1 != nil || err2 != nil {
		return `C:\Windows\System32;C:\Windows`
	}
	return sys32 + string(filepath.ListSeparator) + win
}
