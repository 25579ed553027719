package runner

import (
	"fmt"
	"os"
	"path/filepath"
)

// HelperName is the binary that serves and calls url hooks: hookctl does not link net/http
// (see cmd/hookctl-serve for the measurement).
const HelperName = "hookctl-serve"

// HelperEnv names the hookctl-serve a person installed elsewhere than beside hookctl.
const HelperEnv = "HOOKCTL_SERVE"

// HelperPath finds hookctl-serve: the absolute path in $HOOKCTL_SERVE, else next to this
// hookctl (its real path, links resolved), and never on PATH, where any folder the person's
// PATH names could plant one that then sees every url hook's request and headers. Whether it is
// of this hookctl's build, the helper checks itself: reading its embedded build information
// here would link debug/elf and its decompressors into hookctl, whose package initialisation
// cost every run, url hooks or not, about 5% of P2.
func HelperPath(lookupEnv func(string) (string, bool)) (string, error) {
	path, named := lookupEnv(HelperEnv)
	named = named && path != ""
	switch {
	case named && !filepath.IsAbs(path):
		return "", fmt.Errorf("%s=%q is not an absolute path", HelperEnv, path)
	case !named:
		self, err := os.Executable()
		if err == nil {
			self, err = filepath.EvalSymlinks(self)
		}
		if err != nil {
			return "", fmt.Errorf("finding this hookctl, beside which %s is looked for: %w", HelperName, err)
		}
		path = filepath.Join(filepath.Dir(self), HelperName)
	}
	if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
		return "", fmt.Errorf("%s, which calls url hooks, is not at %s (next to hookctl, or set %s to its absolute path; it is never taken from PATH)", HelperName, path, HelperEnv)
	}
	return path, nil
}
