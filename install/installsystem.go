package install

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/internal/safefile"
)

// RequireRoot refuses a command of the system level (SPEC 18.2) to anyone but root: it changes
// root's files (config.SystemDir and the agents' administrator files).
func RequireRoot(command string) error {
	if os.Geteuid() != 0 {
		return fmt.Errorf("%s changes the system level, which only root may change: run it as root (sudo hookctl %s ...)", command, command)
	}
	return nil
}

// CheckSystemBinary checks that the hookctl a system wiring will run is root's alone, with
// every folder on its way: the agent runs it as the person, who must not be able to replace it.
func CheckSystemBinary(bin string) error {
	if err := safefile.CheckRootOwned(bin); err != nil {
		return fmt.Errorf("%s cannot be the hookctl of a system wiring: %v; install hookctl where only root can write (such as /usr/local/bin) and run that one", bin, err)
	}
	return nil
}

// SwitchNotes say what became of the agent's managed-only switch and hooks pin in r (written by
// install --system, with managedOnly for --managed-only, or uninstall --system): warning when
// --managed-only could do nothing, and a line per key set or put back.
func SwitchNotes(d *agent.Dialect, r Report, managedOnly bool) (warning string, lines []string) {
	key := ManagedSwitch(d)
	switch {
	case managedOnly && key == "":
		warning = fmt.Sprintf("%s has no switch that ignores the hooks that are not managed: --managed-only changes nothing there, and the person's own hooks still run beside hookctl's", d.Title)
	case r.Switch == "set" && !r.DryRun:
		lines = append(lines, fmt.Sprintf("set %s: %s now runs no hook but the managed ones", key, d.Title))
	case r.Switch == "restored" && !r.DryRun:
		lines = append(lines, fmt.Sprintf("put %s back as it was before hookctl", key))
	}
	pin, value := HooksPin(d)
	shown, _ := json.Marshal(value)
	switch {
	case r.Pin == "set" && !r.DryRun:
		lines = append(lines, fmt.Sprintf("set %s to %s: a person's own %s no longer switches %s's hooks off", pin, shown, pin, d.Title))
	case r.Pin == "restored" && !r.DryRun:
		lines = append(lines, fmt.Sprintf("put %s back as it was before hookctl", pin))
	}
	return warning, lines
}

// CheckSystemWiring refuses to wire an administrator file (target) to the hookctl at bin from
// the system config at cfgPath unless that hookctl is on a stable path (a warning for the
// person's own wiring is a refusal here), root's alone (CheckSystemBinary), and the system
// config is there.
func CheckSystemWiring(bin, cfgPath, target string) error {
	if warning, err := StablePath(bin); err != nil {
		return err
	} else if warning != "" {
		return errors.New(warning)
	}
	if err := CheckSystemBinary(bin); err != nil {
		return err
	}
	if _, err := os.Stat(cfgPath); err != nil {
		return fmt.Errorf("there is no system config at %s; %s is unchanged", cfgPath, target)
	}
	return nil
}
