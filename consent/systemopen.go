package consent

import (
	"errors"
	"fmt"

	"github.com/hookctl/hookctl/config"
)

// OpenSystem reads the system level for one of its commands (SPEC 18.2: approve, revoke,
// install and uninstall --system): its locations and config, every hook of layer system, its
// problems for the caller to report. home is the person's HOME (LoadSystem). A system folder
// that cannot be trusted is an error naming the file; a missing one is an error saying how to
// make it when mustExist, else an empty config (uninstall).
func OpenSystem(home string, mustExist bool) (config.Locations, *config.Config, error) {
	loc, ok := config.SystemLocations()
	if !ok {
		return loc, nil, errors.New("hookctl has no system level on this platform yet")
	}
	sys := LoadSystem(home, "")
	switch {
	case sys == nil && mustExist:
		return loc, nil, fmt.Errorf("there is no system folder %s: create it (mkdir -m 0755 %s) and write its config.yaml", loc.Home, config.ShellQuote(loc.Home))
	case sys == nil:
		return loc, config.Parse(loc.Config, nil, config.Options{Layer: config.LayerSystem}), nil
	case sys.Err != nil:
		return loc, nil, sys.Err
	}
	return loc, sys.Config, nil
}
