//go:build unix

package config

// HomeVar is the variable that names the person's home folder: HOME, as os.UserHomeDir reads
// it here.
const HomeVar = "HOME"

// systemExtraEnv is what a system hook's environment needs beyond PATH and the home: nothing
// here.
func systemExtraEnv() []string { return nil }
