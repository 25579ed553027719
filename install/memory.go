package install

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/internal/safefile"
)

// Remembered is one entry install wrote into an agent's own settings, as the hookctl home
// keeps it (wiring.json): an edit of the agent's settings that takes the entry out is then seen
// by doctor, list and the agent's next session (SPEC 18.1 "wiring is remembered").
type Remembered struct {
	Agent      string `json:"agent"`
	File       string `json:"file"`
	AgentEvent string `json:"agent_event"`
	Event      string `json:"event"`
}

// MemoryPath is the wiring memory in the hookctl home.
func MemoryPath(home string) string { return filepath.Join(home, "wiring.json") }

// maxMemory bounds what LoadMemory reads: a few hundred entries take a few KiB.
const maxMemory = 1 << 20

type memoryFile struct {
	Version int          `json:"version"`
	Wired   []Remembered `json:"wired"`
}

// LoadMemory reads the wiring memory; a missing file remembers nothing. A file that cannot be
// read or parsed is an error, and Remember never writes over it.
func LoadMemory(path string) ([]Remembered, error) {
	data, _, err := safefile.ReadFile(path, maxMemory)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading the wiring memory %s: %w", path, err)
	}
	var m memoryFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil || m.Version != 1 {
		return nil, fmt.Errorf("reading the wiring memory %s: not a wiring memory this hookctl wrote (version 1)", path)
	}
	return m.Wired, nil
}

// RememberTarget remembers hookctl's entries in t's settings as they are now, after install
// or uninstall wrote them (Remember).
func RememberTarget(path string, d *agent.Dialect, t Target) error {
	now, err := scanFile(d, "user", t.Path, t.Name)
	if err != nil {
		return err
	}
	return Remember(path, d.Name, now)
}

// Remember sets what the memory holds for one agent to hookctl's entries found in its user
// settings now: each is remembered, and one no longer there is forgotten. Only a person's own
// settings are remembered: a project's are committed and edited by the team.
func Remember(path, agentName string, now []Wiring) error {
	list, err := LoadMemory(path)
	if err != nil {
		return err
	}
	list = slices.DeleteFunc(list, func(r Remembered) bool { return r.Agent == agentName })
	for _, w := range now {
		if w.Agent == agentName && w.Scope == "user" {
			list = append(list, Remembered{Agent: w.Agent, File: w.File, AgentEvent: w.AgentEvent, Event: w.Event})
		}
	}
	if len(list) == 0 {
		list = []Remembered{}
	}
	data, err := json.MarshalIndent(memoryFile{Version: 1, Wired: list}, "", "  ")
	if err != nil {
		return err
	}
	return safefile.WriteFile(path, append(data, '\n'), 0o600)
}

// Unwired returns the remembered entries of the events that matter (covered reports whether a
// recorded guard covers the event under the agent) that the agents' settings no longer hold:
// taken out by an edit of the agent's settings, not by uninstall.
func Unwired(remembered []Remembered, now []Wiring, covered func(event, agentName string) bool) []Remembered {
	var out []Remembered
	for _, r := range remembered {
		if !covered(r.Event, r.Agent) {
			continue
		}
		if !slices.ContainsFunc(now, func(w Wiring) bool {
			return w.Agent == r.Agent && w.File == r.File && w.AgentEvent == r.AgentEvent
		}) {
			out = append(out, r)
		}
	}
	return out
}

// UnwiredFinding is the error of a guard's event no longer wired into an agent it was wired
// into: the guard does not run there.
func UnwiredFinding(r Remembered) doctor.Finding {
	title := r.Agent
	if d, err := agent.Lookup(r.Agent); err == nil {
		title = d.Title
	}
	return doctor.Finding{Severity: doctor.SeverityError, Event: r.Event, Check: "guard",
		Message: fmt.Sprintf("%s is no longer wired to hookctl for %s in %s (its settings were edited): the guards of %s do not run under %s",
			title, r.AgentEvent, r.File, r.Event, title),
		Fix: fmt.Sprintf("at a terminal: hookctl install %s (or, if it is meant, hookctl uninstall %s)", r.Agent, r.Agent)}
}
