package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Locations are the files hookctl works with.
type Locations struct {
	Home      string // HOOKCTL_HOME, else ~/.agent-hooks (%USERPROFILE%\.agent-hooks on Windows)
	Config    string // --config, else HOOKCTL_CONFIG, else Home/config.yaml
	Allowlist string // HOOKCTL_ALLOWLIST, else Home/allowlist.json
}

// The names of the files in the hookctl home that the person edits by hand or hookctl appends
// to as it runs: the only files of the home the self-guard (and the wall) let an agent change
// (consent.ProtectedState). Neither can switch a guard off: a new hook in config.yaml still
// needs the person's approval.
const (
	ConfigFile = "config.yaml"
	AuditFile  = "audit.jsonl"
	// OpenDir is the one folder of the home the wall leaves open (SPEC 28.16): a run behind the
	// wall, which cannot write the home's audit log, appends to OpenDir/audit.jsonl instead.
	OpenDir = "log"
)

// Pinned is lookup with the locations a wiring names (run's --home and --allowlist) as the
// only ones: HOOKCTL_HOME is home, HOOKCTL_ALLOWLIST is allowlist (unset when ""), and
// HOOKCTL_CONFIG is unset, whatever the environment says, so that a variable set in the agent's
// environment cannot make a recorded guard disappear. A home of "" pins nothing.
func Pinned(lookup func(string) (string, bool), home, allowlist string) func(string) (string, bool) {
	if home == "" {
		return lookup
	}
	return func(name string) (string, bool) {
		switch name {
		case "HOOKCTL_HOME":
			return home, true
		case "HOOKCTL_ALLOWLIST":
			return allowlist, allowlist != ""
		case "HOOKCTL_CONFIG":
			return "", false
		}
		return lookup(name)
	}
}

// Locate resolves the locations from the environment, taken as a parameter so that callers and
// tests need not touch the process environment. configFlag is the --config value, "" for none.
func Locate(lookup func(string) (string, bool), configFlag string) (Locations, error) {
	get := func(k string) string {
		v, _ := lookup(k)
		return v
	}
	var loc Locations
	loc.Home = get("HOOKCTL_HOME")
	if loc.Home == "" {
		home := get(HomeVar)
		if home == "" {
			return loc, errors.New("cannot find the hookctl home: set HOOKCTL_HOME or " + HomeVar)
		}
		loc.Home = filepath.Join(home, ".agent-hooks")
	}
	loc.Config = configFlag
	if loc.Config == "" {
		loc.Config = get("HOOKCTL_CONFIG")
	}
	if loc.Config == "" {
		loc.Config = filepath.Join(loc.Home, ConfigFile)
	}
	loc.Allowlist = get("HOOKCTL_ALLOWLIST")
	if loc.Allowlist == "" {
		loc.Allowlist = filepath.Join(loc.Home, "allowlist.json")
	}
	return loc, nil
}

// AcceptHooksEnv reports whether HOOKCTL_ACCEPT_HOOKS bypasses consent: 1, true, yes or on, in
// any case and with spaces around.
func AcceptHooksEnv(lookup func(string) (string, bool)) bool {
	v, _ := lookup("HOOKCTL_ACCEPT_HOOKS")
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// NamedMissing is the error of a config file that --config (flag) or HOOKCTL_CONFIG names and
// that does not exist: a person who names a file means that file, so its absence is not
// "nothing configured" (which it is at the default place).
func (loc Locations) NamedMissing(flag string, lookupEnv func(string) (string, bool)) error {
	by := ""
	if flag != "" {
		by = "--config"
	} else if v, ok := lookupEnv("HOOKCTL_CONFIG"); ok && v != "" {
		by = "HOOKCTL_CONFIG"
	}
	if by == "" {
		return nil
	}
	if _, err := os.Stat(loc.Config); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("the config file %s, named by %s, does not exist", loc.Config, by)
	}
	return nil
}
