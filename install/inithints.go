package install

import (
	"os"
	"path/filepath"

	"github.com/hookctl/hookctl/agent"
)

// Hint is an agent whose settings folder is on this machine, and so one hookctl install
// would wire.
type Hint struct {
	Agent *agent.Dialect
	// Dir is the agent's user settings folder found (~/.claude, ~/.cursor, ...).
	Dir string
}

// Hints are the agents with settings hookctl can edit whose user settings folder is there
// under home: the step that makes the agent run the hooks, for `init` to name.
func Hints(home string, lookupEnv func(string) (string, bool)) []Hint {
	var out []Hint
	for _, d := range agent.Dialects() {
		if d.SettingsFile == "" {
			continue
		}
		dir := filepath.Dir(d.UserSettings(home, lookupEnv))
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			out = append(out, Hint{Agent: d, Dir: dir})
		}
	}
	return out
}
