package config

import "golang.org/x/sys/windows"

// HomeVar is the variable that names the person's home folder: USERPROFILE, as
// os.UserHomeDir reads it on Windows. HOME is not read: Git Bash sets it for the programs it
// starts and PowerShell does not, and one person must have one hookctl home whichever shell
// the agent started hookctl from.
const HomeVar = "USERPROFILE"

// systemExtraEnv is what a system hook's environment needs beyond PATH and the home: Windows'
// own folder as SystemRoot, without which cmd.exe, PowerShell and Python fail to start their
// runtimes; asked of Windows, not taken from the person's environment.
func systemExtraEnv() []string {
	win, err := windows.KnownFolderPath(windows.FOLDERID_Windows, 0)
	if err != nil {
		return nil
	}
	return []string{"SystemRoot=" + win}
}
