package install

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// SelfPath is the absolute path of the hookctl called as arg0 (os.Args[0]), which install
// writes into the agents' settings: a link in PATH (a package manager's bin folder) stays a
// link, so an upgrade does not break the agent's entries. A bare name is looked up on PATH;
// failing that, the running executable.
func SelfPath(arg0 string) string {
	hasDir := func(p string) bool { return strings.ContainsAny(p, "/"+string(filepath.Separator)) }
	if !hasDir(arg0) {
		if p, err := exec.LookPath(arg0); err == nil {
			arg0 = p
		}
	}
	if hasDir(arg0) {
		if abs, err := filepath.Abs(arg0); err == nil {
			return abs
		}
	}
	exe, err := os.Executable()
	if err != nil {
		return arg0
	}
	return exe
}

// StablePath checks that bin, the hookctl path install is about to write into an agent's
// settings, will still be there tomorrow (SPEC 17.10). A path inside an npx cache is refused:
// npm deletes that cache without notice, and every hook would then fail to start. A path in a
// project's own node_modules is kept, with a warning: it lasts as long as that project's
// dependencies do. A global npm prefix (…/lib/node_modules/…) is stable.
func StablePath(bin string) (warning string, err error) {
	slash := filepath.ToSlash(bin)
	const stable = "install a stable hookctl first: npm install -g the hookctl packages, a release archive, or go install (README \"Install\"), then run install from it"
	if strings.Contains(slash, "/_npx/") {
		return "", errors.New("this hookctl runs from an npx cache (" + bin + "), which npm deletes without notice: the agent's hooks would stop starting; " + stable)
	}
	if i := strings.Index(slash, "/node_modules/"); i >= 0 && !strings.HasSuffix(slash[:i], "/lib") {
		return "this hookctl lives in a project's node_modules (" + bin + "): the agent's hooks stop starting when that folder is removed or reinstalled elsewhere; " + stable, nil
	}
	return "", nil
}
