package consent

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hookctl/hookctl/config"
)

// State is hookctl's own state as the self-guard and the wall keep it from the agent (SPEC
// 24.1, 28.22): every path is absolute.
type State struct {
	// Trees are protected with everything in them at any depth, a file created in them
	// included: the hookctl home (the allowlist, the guard records, projects/, the copies of
	// approved scripts, the wiring memory, the scripts kept there, everything).
	Trees []string
	// Except are the files inside Trees that are not protected: the home's config.yaml and
	// audit log (config.ConfigFile, config.AuditFile), and the audit log of the runs behind the
	// wall (in config.OpenDir).
	Except []string
	// Files are protected one by one: the allowlist and the guard record where they lie
	// outside the home (HOOKCTL_ALLOWLIST, --allowlist).
	Files []string
}

// ProtectedState is the one rule for what of hookctl's state is protected, at the locations
// loc: the whole home but config.yaml and the audit log, and the allowlist, its guard record
// and its copies of approved scripts wherever they lie.
func ProtectedState(loc config.Locations) State {
	home := absPath(loc.Home)
	allowlist := absPath(loc.Allowlist)
	return State{
		Trees: []string{home, CopiesDir(allowlist)},
		Except: []string{filepath.Join(home, config.ConfigFile), filepath.Join(home, config.AuditFile),
			filepath.Join(home, config.OpenDir, config.AuditFile)},
		Files: []string{allowlist, GuardPath(allowlist)},
	}
}

// ProjectApprovalsExist reports whether the hookctl home holds any project's approvals (its
// projects folder has an entry, or cannot be read): consent state the self-guard keeps.
func ProjectApprovalsExist(home string) bool {
	f, err := os.Open(ProjectsDir(home))
	if err != nil {
		return !errors.Is(err, fs.ErrNotExist)
	}
	defer f.Close()
	names, err := f.Readdirnames(1)
	return len(names) > 0 || err != nil && !errors.Is(err, io.EOF)
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return filepath.Clean(p)
}
