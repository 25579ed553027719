// Package agentenv tells whether any sign says an AI agent runs this process: a variable an
// agent sets in its shell tool's environment, the marker hookctl sets in every hook's
// environment, or an ancestor process that is an agent or a hookctl running a hook. The signs
// of each agent are its registration's (agent.Signs), so an agent registered is an agent
// detected. It is a tripwire, not a wall: a process that starts itself outside the agent's
// tree with a clean environment (setsid plus env -i, systemd-run --user) shows no sign.
package agentenv

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/internal/lazy"
)

// Kind is what a sign was seen in.
type Kind string

// The kinds of sign.
const (
	// Variable: a variable an agent sets in its shell tool's environment.
	Variable Kind = "variable"
	// Marker: the variable hookctl sets in the environment of every hook it runs.
	Marker Kind = "marker"
	// Ancestor: a process above this one is an agent, or a hookctl running hooks.
	Ancestor Kind = "ancestor"
)

// Sign is one thing that says an agent runs the process.
type Sign struct {
	Kind Kind
	// Name is the variable's name, or the ancestor's name as it was recognised (its comm, or
	// the base name of the argument that named it).
	Name string
	// Agent is the agent the sign belongs to, in hookctl's names ("claude-code"); "hookctl"
	// for hookctl's own marker and a hookctl running hooks; "" for a variable agents share.
	Agent string
	// PID is the ancestor's process id (Ancestor only).
	PID int
}

// String says what was seen, for a refusal the person reads.
func (s Sign) String() string {
	who := s.Agent
	if who == "" {
		who = "an agent"
	}
	switch s.Kind {
	case Variable:
		return fmt.Sprintf("the variable %s is set (%s sets it in its shell tool's environment)", s.Name, who)
	case Marker:
		return fmt.Sprintf("the variable %s is set (hookctl sets it for every hook it runs)", s.Name)
	}
	if s.Agent == "hookctl" {
		return fmt.Sprintf("an ancestor process, %s (pid %d), is hookctl running hooks", s.Name, s.PID)
	}
	return fmt.Sprintf("an ancestor process, %s (pid %d), is %s", s.Name, s.PID, who)
}

// Variables are the variables each agent sets in its shell tool's environment, by variable,
// each with its agent: the registrations' Signs (agent/signs.go), and a name agents share.
// Built at first use, as are agentNames and agentPackages: a command that detects no agent
// (hookctl --version) does not build them.
func Variables() map[string]string { return variablesOnce.Get(variables) }

var variablesOnce lazy.Value[map[string]string]

// shared are variables more than one agent may set: evidence of an agent, not of which.
var shared = []string{
	"AI_AGENT", // Claude Code sets it; a name shared by agents
}

func variables() map[string]string {
	vars := map[string]string{}
	for _, name := range shared {
		vars[name] = ""
	}
	for _, d := range agent.Dialects() {
		for _, name := range d.Signs.Variables {
			vars[name] = d.Name
		}
	}
	return vars
}

// Markers are the variables hookctl sets in every hook's environment: HOOKCTL_HOOK says "a
// hookctl hook runs this", HOOKCTL_EVENT names the event and has been set since the first
// release.
var Markers = []string{"HOOKCTL_HOOK", "HOOKCTL_EVENT"}

// programTables are agentNames, the programs that are agents, by the name their process goes
// by (comm) or the base name of the program or script it runs, and agentPackages, the path
// parts of the npm packages a node process runs them from. Both are the registrations' Signs.
var programTablesOnce lazy.Value[programTable]

// programTable is programTables' pair.
type programTable struct{ names, packages map[string]string }

func programTables() programTable {
	return programTablesOnce.Get(func() programTable {
		t := programTable{names: map[string]string{}, packages: map[string]string{}}
		for _, d := range agent.Dialects() {
			for _, p := range d.Signs.Programs {
				t.names[p] = d.Name
			}
			for _, pkg := range d.Signs.Packages {
				t.packages[packagePath(pkg)] = d.Name
			}
		}
		return t
	})
}

func agentNames() map[string]string    { return programTables().names }
func agentPackages() map[string]string { return programTables().packages }

// packagePath is what a script's path holds when it is in the npm package pkg: a scoped
// package's own folder ("/@openai/codex/"), an unscoped one's under node_modules, its name
// alone being too common a folder name.
func packagePath(pkg string) string {
	if strings.HasPrefix(pkg, "@") {
		return "/" + pkg + "/"
	}
	return "/node_modules/" + pkg + "/"
}

// Programs returns the names the agent's executables go by and the npm packages it is run
// from ("claude"; "@anthropic-ai/claude-code"), sorted: what starts it.
func Programs(name string) (programs, packages []string) {
	d, err := agent.Lookup(name)
	if err != nil {
		return nil, nil
	}
	programs, packages = slices.Clone(d.Signs.Programs), slices.Clone(d.Signs.Packages)
	slices.Sort(programs)
	slices.Sort(packages)
	return programs, packages
}

// Process is what a process table says of one process.
type Process struct {
	PID, PPID int
	// Comm is the kernel's name for the process (Linux /proc/PID/comm, macOS p_comm).
	Comm string
	// Args is its argument vector, when it could be read.
	Args []string
}

// ProcessTable reads one process by its id. ReadProcess is this system's.
type ProcessTable func(pid int) (Process, error)

// ErrUnknown is the error of a process table on a system hookctl cannot read processes on:
// the ancestry is unknown there, and gives no sign.
var ErrUnknown = errors.New("the process table cannot be read on this system")

// maxDepth bounds the walk up the process tree, so a table that loops cannot hang it.
const maxDepth = 64

// Detect returns every sign that says an agent runs the process pid: the environment's
// variables (lookupEnv, as os.LookupEnv) first, then its ancestors, nearest first, read from
// procs (nil: none are read). An ancestor that cannot be read ends the walk; the signs found
// so far stand.
func Detect(lookupEnv func(string) (string, bool), procs ProcessTable, pid int) []Sign {
	var signs []Sign
	for _, name := range Markers {
		if _, ok := lookupEnv(name); ok {
			signs = append(signs, Sign{Kind: Marker, Name: name, Agent: "hookctl"})
		}
	}
	for _, name := range sortedVariables() {
		if _, ok := lookupEnv(name); ok {
			signs = append(signs, Sign{Kind: Variable, Name: name, Agent: Variables()[name]})
		}
	}
	if procs == nil {
		return signs
	}
	p, err := procs(pid)
	for depth := 0; err == nil && p.PPID > 0 && depth < maxDepth; depth++ {
		if p, err = procs(p.PPID); err != nil {
			break
		}
		if s, ok := ancestorSign(p); ok {
			signs = append(signs, s)
		}
	}
	return signs
}

// ancestorSign says whether p is an agent or a hookctl running hooks.
func ancestorSign(p Process) (Sign, bool) {
	sign := func(name, agent string) (Sign, bool) {
		return Sign{Kind: Ancestor, Name: name, Agent: agent, PID: p.PID}, true
	}
	if a, ok := agentNames()[p.Comm]; ok {
		return sign(p.Comm, a)
	}
	var prog, script string
	if len(p.Args) > 0 {
		prog = base(p.Args[0])
	}
	if a, ok := agentNames()[prog]; ok {
		return sign(prog, a)
	}
	// An interpreter running an agent's script: the first argument that is not an option
	// (`node --max-old-space-size=N /usr/lib/node_modules/@google/gemini-cli/dist/index.js`).
	for _, arg := range p.Args[min(1, len(p.Args)):] {
		if !strings.HasPrefix(arg, "-") {
			script = arg
			break
		}
	}
	if a, ok := agentNames()[base(script)]; ok {
		return sign(base(script), a)
	}
	for pkg, a := range agentPackages() {
		if strings.Contains(filepath.ToSlash(script), pkg) {
			return sign(base(script), a)
		}
	}
	if hookctlRunning(p) {
		return sign(p.Comm, "hookctl")
	}
	return Sign{}, false
}

// hookctlRunning says whether p is a hookctl that runs hooks: `hookctl run ...` (under an
// agent, or a builder's own process) or the resident server.
func hookctlRunning(p Process) bool {
	if p.Comm == "hookctl-serve" || len(p.Args) > 0 && base(p.Args[0]) == "hookctl-serve" {
		return true
	}
	isHookctl := p.Comm == "hookctl" || len(p.Args) > 0 && base(p.Args[0]) == "hookctl"
	return isHookctl && len(p.Args) > 1 && (p.Args[1] == "run" || p.Args[1] == "serve")
}

// base is the base name of a path, without a ".js" or ".exe" a launcher may carry.
func base(path string) string {
	if path == "" {
		return ""
	}
	b := filepath.Base(filepath.ToSlash(path))
	b = strings.TrimSuffix(b, ".exe")
	return strings.TrimSuffix(b, ".js")
}

// sortedVariables is Variables' names in a fixed order, so the first sign named is always the
// same one.
func sortedVariables() []string {
	names := make([]string, 0, len(Variables()))
	for n := range Variables() {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
