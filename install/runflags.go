package install

import (
	"path/filepath"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// PersonRunFlags are the run flags install writes into the person's settings for these
// locations: the home, absolute, and the allowlist and config only where they are not the
// home's own files; Guarded when guards are recorded, the person's or a project's, or the
// record cannot be read (it might hold some); AcceptHooks as install was given it (a CI
// machine's wiring).
func PersonRunFlags(loc config.Locations, acceptHooks bool) RunFlags {
	f := RunFlags{AcceptHooks: acceptHooks, Home: absPath(loc.Home)}
	if loc.Allowlist != filepath.Join(loc.Home, "allowlist.json") {
		f.Allowlist = absPath(loc.Allowlist)
	}
	if loc.Config != filepath.Join(loc.Home, config.ConfigFile) {
		f.Config = absPath(loc.Config)
	}
	rec, err := consent.NewStore(loc.Allowlist).GuardRecord()
	f.Guarded = err != nil || len(rec.Guards) > 0 || len(rec.Projects) > 0
	return f
}

// absPath is p made absolute, p itself when it cannot be.
func absPath(p string) string {
	if ap, err := filepath.Abs(p); err == nil {
		return ap
	}
	return p
}
