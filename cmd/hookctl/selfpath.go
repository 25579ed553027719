package main

import (
	"path/filepath"
	"strings"
)

// stablePath checks that bin, the hookctl path install is about to write into an agent's
// settings, will still be there tomorrow (SPEC 17.10). A path inside an npx cache is refused:
// npm deletes that cache without notice, and every hook would then fail to start. A path in a
// project's own node_modules is kept, with a warning: it lasts as long as that project's
// dependencies do. A global npm prefix (…/lib/node_modules/…) is stable.
func stablePath(bin string) (warning string, err error) {
	slash := filepath.ToSlash(bin)
	const stable = "install a stable hookctl first: npm install -g the hookctl packages, a release archive, or go install (README \"Install\"), then run install from it"
	if strings.Contains(slash, "/_npx/") {
		return "", failuref("this hookctl runs from an npx cache (%s), which npm deletes without notice: the agent's hooks would stop starting; %s", bin, stable)
	}
	if i := strings.Index(slash, "/node_modules/"); i >= 0 && !strings.HasSuffix(slash[:i], "/lib") {
		return "this hookctl lives in a project's node_modules (" + bin + "): the agent's hooks stop starting when that folder is removed or reinstalled elsewhere; " + stable, nil
	}
	return "", nil
}
