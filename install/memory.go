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
	Walls   []WallWired  `json:"walls,omitempty"`
}

// WallWired is an agent whose own settings install wired to run its commands behind the wall
// (install --wall), with the Landlock ABI the wall had on this machine then (0 off Linux).
type WallWired struct {
	Agent string `json:"agent"`
	File  string `json:"file"`
	ABI   int    `json:"abi"`
	// Mode is how the wall reaches the agent: WallByPrefix (its settings' shell prefix) or
	// WallByStart (the person starts it as hookctl wall -- AGENT).
	Mode string `json:"mode,omitempty"`
}

// How the wall reaches an agent (WallWired.Mode).
const (
	WallByPrefix = ""
	WallByStart  = "start"
)

// LoadMemory reads the wiring memory; a missing file remembers nothing. A file that cannot be
// read or parsed is an error, and Remember never writes over it.
func LoadMemory(path string) ([]Remembered, error) {
	m, err := loadMemory(path)
	return m.Wired, err
}

// Memory is the wiring memory as one read gives it: install's entries and the walls.
type Memory struct {
	Wired []Remembered
	Walls []WallWired
}

// ReadMemory reads the whole wiring memory once, for a caller that needs both parts (a run's
// self-guard and its wall check); a missing file remembers nothing.
func ReadMemory(path string) (Memory, error) {
	m, err := loadMemory(path)
	return Memory{Wired: m.Wired, Walls: m.Walls}, err
}

// LoadWalls reads the agents the wiring memory says are wired for the wall.
func LoadWalls(path string) ([]WallWired, error) {
	m, err := loadMemory(path)
	return m.Walls, err
}

func loadMemory(path string) (memoryFile, error) {
	data, _, err := safefile.ReadFile(path, maxMemory)
	if errors.Is(err, fs.ErrNotExist) {
		return memoryFile{Version: 1}, nil
	}
	if err != nil {
		return memoryFile{}, fmt.Errorf("reading the wiring memory %s: %w", path, err)
	}
	var m memoryFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil || m.Version != 1 {
		return memoryFile{}, fmt.Errorf("reading the wiring memory %s: not a wiring memory this hookctl wrote (version 1)", path)
	}
	return m, nil
}

// saveMemory writes the wiring memory.
func saveMemory(path string, m memoryFile) error {
	if m.Wired == nil {
		m.Wired = []Remembered{}
	}
	m.Version = 1
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return safefile.WriteFile(path, append(data, '\n'), 0o600)
}

// RememberWall records that the agent's settings file is wired for the wall at the ABI
// (wired), or forgets it (not wired).
func RememberWall(path string, w WallWired, wired bool) error {
	m, err := loadMemory(path)
	if err != nil {
		return err
	}
	m.Walls = slices.DeleteFunc(m.Walls, func(o WallWired) bool { return o.Agent == w.Agent })
	if wired {
		m.Walls = append(m.Walls, w)
	}
	return saveMemory(path, m)
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
	m, err := loadMemory(path)
	if err != nil {
		return err
	}
	list := slices.DeleteFunc(m.Wired, func(r Remembered) bool { return r.Agent == agentName })
	for _, w := range now {
		if w.Agent == agentName && w.Scope == "user" {
			list = append(list, Remembered{Agent: w.Agent, File: w.File, AgentEvent: w.AgentEvent, Event: w.Event})
		}
	}
	m.Wired = list
	return saveMemory(path, m)
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

// Protected names the files of hookctl's own the self-guard keeps beside its home: hookctl's
// binary self and hookctl-serve beside it, the wiring memory (absolute), and, as settings,
// the agent settings and hook files install wrote (m) and the hooks-off switch files of the
// agents it wired (switchFiles, given their names), each once.
func Protected(self, home string, m Memory, switchFiles func(agents []string) []string) (files, settings []string) {
	files = []string{self, filepath.Join(filepath.Dir(self), "hookctl-serve"), MemoryPath(home)}
	if abs, err := filepath.Abs(files[2]); err == nil {
		files[2] = abs
	}
	var wired []string
	for _, r := range m.Wired {
		if !slices.Contains(settings, r.File) {
			settings = append(settings, r.File)
		}
		if !slices.Contains(wired, r.Agent) {
			wired = append(wired, r.Agent)
		}
	}
	for _, f := range switchFiles(wired) {
		if !slices.Contains(settings, f) {
			settings = append(settings, f)
		}
	}
	return files, settings
}
