package install

import (
	"fmt"
	"strings"

	"github.com/hookctl/hookctl/agent"
)

// Agents names the agents whose settings hookctl can edit, in the registry's order.
func Agents() []string {
	var out []string
	for _, d := range agent.Dialects() {
		if d.SettingsFile != "" {
			out = append(out, d.Name)
		}
	}
	return out
}

// Wirable is the agent named, refused when it is no agent's name or when the agent calls
// hookctl itself and has no settings file to wire.
func Wirable(name string) (*agent.Dialect, error) {
	d, err := agent.Lookup(name)
	if err != nil {
		return nil, err
	}
	if d.SettingsFile == "" {
		return nil, fmt.Errorf("%s calls hookctl itself and has no settings file to wire; agents: %s", d.Name, strings.Join(Agents(), ", "))
	}
	return d, nil
}
