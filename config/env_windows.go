package config

import (
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/windows"
)

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

// hasPathSep reports whether a command's word names a path: it holds a / or a \ (a word in
// single quotes keeps its backslashes, 'C:\hooks\guard.ps1').
func hasPathSep(w string) bool { return strings.ContainsAny(w, `/\`) }

// absWord returns w cleaned when it is an absolute path. A path rooted without a drive
// (/opt/guard.sh, \hooks\x.ps1) is on the drive of dir, the config's folder: the same drive
// whatever the working folder of the program that started hookctl, never a folder under dir.
func absWord(dir, w string) (string, bool) {
	if filepath.IsAbs(w) {
		return filepath.Clean(w), true
	}
	if filepath.VolumeName(w) == "" && w != "" && os.IsPathSeparator(w[0]) {
		return filepath.Join(filepath.VolumeName(dir), w), true
	}
	return "", false
}
