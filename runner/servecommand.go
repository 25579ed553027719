package runner

import "fmt"

// ServeCommand is what `hookctl serve` replaces itself with: hookctl-serve (HelperPath), asked
// first whether it is of this build, so that a helper from before the build check (which would
// only say it does not know the flag) is named as of another build too (the helper checks again
// when served), and its argv with hookctl's global flags passed on (ServeArgv).
func ServeCommand(lookupEnv func(string) (string, bool), version, configFile string, acceptHooks bool, args []string) (path string, argv []string, err error) {
	path, err = HelperPath(lookupEnv)
	if err == nil {
		err = CheckHelperBuild(path, version)
	}
	if err != nil {
		return "", nil, fmt.Errorf("hookctl serve runs %s: %w", HelperName, err)
	}
	return path, ServeArgv(path, version, configFile, acceptHooks, args), nil
}
