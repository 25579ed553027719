package view

import (
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/doctor"
)

// NamedConfigFindings are doctor's error of a config file that --config (flag) or
// HOOKCTL_CONFIG names and that is missing (config.Locations.NamedMissing); none otherwise.
func NamedConfigFindings(loc config.Locations, flag string, lookupEnv func(string) (string, bool)) []doctor.Finding {
	if err := loc.NamedMissing(flag, lookupEnv); err != nil {
		return []doctor.Finding{{Severity: doctor.SeverityError, Check: "config", Message: err.Error(),
			Fix: "check the path, or create it with hookctl init"}}
	}
	return nil
}
