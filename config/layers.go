package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/hookctl/hookctl/internal/safefile"
)

// Sources say where one run's layers are, and which event it fires.
type Sources struct {
	// Person are the person's locations (Locate); PersonHome is their HOME.
	Person     Locations
	PersonHome string
	// Lookup is the person's environment, from which their commands' $VAR and ~ expand.
	Lookup func(string) (string, bool)
	// Event is the event the run fires, "" for every event (list, doctor, validate).
	Event string
	// ProjectFrom is the folder a project is looked up from (SPEC 23.8): the agent's own
	// project folder ($CLAUDE_PROJECT_DIR, the workspace root in its payload), else the
	// payload's cwd, else the working folder; "" for no project layer.
	ProjectFrom string
	// Remembered are project roots (links resolved) whose guards the person's guard record
	// remembers: recorded roots, as those whose approvals are in the hookctl home, even when
	// those approvals are gone.
	Remembered []string
}

// Layer is one config of a run. Its file is read only when Read is called: a run reads the
// next layer only once the one before did not block (SPEC 23.3).
type Layer struct {
	// Name is LayerSystem, LayerUser or LayerProject; Path is its config.yaml.
	Name, Path string
	// Root is a project layer's repository root; RealRoot is it with its links resolved, as
	// FindProject checked it (what the project's approvals are keyed by).
	Root, RealRoot string
	// Recorded says a project's root was found by its recorded approvals (it may hold no
	// .git); Moved, that such a root is gone: Read then fails with ErrProjectMoved.
	Recorded, Moved bool
	// Read reads and checks the config: a missing file is a config with no hooks, an error a
	// file that cannot be read or trusted (the layer's recorded guards then block what they
	// covered).
	Read func() (*Config, error)
}

// Layers are the configs of a run in the order their hooks run, each read under its layer's
// limits. Which consent approves each layer's hooks is consent's to say (consent.LoadSystem,
// the person's allowlist, consent.ProjectStore).
func Layers(src Sources) []Layer {
	var out []Layer
	// 1. System (SPEC 18.2, 23.3): SystemDir, fixed in the binary: no variable or flag moves
	//    it. Read and judged first, before anything of the person's, so its block stands
	//    whatever the person's config does. Limits: the file and every folder up to / are
	//    root's and writable by no one else (else the layer cannot be trusted); 1 MiB; its
	//    commands expand from a fixed environment (SystemLookup: PATH=SystemPath and the
	//    person's HOME, nothing else of theirs), and its hooks run with SystemEnv.
	if loc, ok := SystemLocations(); ok {
		opts := Options{LookupEnv: SystemLookup(src.PersonHome), Event: src.Event, Layer: LayerSystem}
		out = append(out, Layer{Name: LayerSystem, Path: loc.Config, Read: func() (*Config, error) {
			return readLayer(loc.Config, opts, checkSystemConfig)
		}})
	}
	// 2. Person: --config, else HOOKCTL_CONFIG, else the hookctl home's config.yaml. Limits:
	//    1 MiB; anything else the file says is theirs to say (its commands expand from their
	//    environment, and only their approvals run them).
	opts := Options{LookupEnv: src.Lookup, Event: src.Event, Layer: LayerUser}
	out = append(out, Layer{Name: LayerUser, Path: src.Person.Config, Read: func() (*Config, error) {
		return readLayer(src.Person.Config, opts, nil)
	}})
	// 3. Project (SPEC 20, 23.8): ROOT/.agent-hooks/config.yaml, ROOT the first folder
	//    holding .git from ProjectFrom up, never above the person's home nor at or inside the
	//    hookctl home (FindProject). Limits: 1 MiB; only hooks and custom_events (a project
	//    cannot turn on hooks_auto_accept, nor touch the person's or the system's hooks: it
	//    only adds its own, after theirs); relative paths resolve inside ROOT, and every
	//    command names a script inside ROOT (no `..`, absolute path or symbolic link out, no
	//    `npm run`, `make`, `sh -c`: projectCommand); its commands expand only
	//    $CLAUDE_PROJECT_DIR (ROOT) and ~; the config file itself lies inside ROOT.
	if r, ok := findProject(src.ProjectFrom, src.PersonHome, src.Person.Home, src.Remembered...); ok {
		out = append(out, projectLayer(r, src))
	}
	return out
}

// projectLayer is the layer of the project r.
func projectLayer(r projectRoot, src Sources) Layer {
	root := r.root
	path := ProjectConfigPath(root)
	l := Layer{Name: LayerProject, Path: path, Root: root, RealRoot: r.real, Recorded: r.recorded, Moved: r.moved}
	if r.moved {
		l.Read = func() (*Config, error) { return nil, r.movedError() }
		return l
	}
	opts := Options{LookupEnv: projectLookup(root, src.PersonHome), Event: src.Event, Layer: LayerProject, Root: root}
	l.Read = func() (*Config, error) {
		return readLayer(path, opts, func(path string, _ fs.FileInfo) error { return checkProjectConfig(root, path) })
	}
	return l
}

// LayerOf returns the named layer of layers.
func LayerOf(layers []Layer, name string) (Layer, bool) {
	for _, l := range layers {
		if l.Name == name {
			return l, true
		}
	}
	return Layer{}, false
}

// readLayer reads one layer's config, at most maxConfig bytes, judged by trust (nil trusts
// it) as opened: a missing file has no hooks.
func readLayer(path string, opts Options, trust func(string, fs.FileInfo) error) (*Config, error) {
	data, fi, err := safefile.ReadFile(path, maxConfig)
	if errors.Is(err, fs.ErrNotExist) {
		return Parse(path, nil, opts), nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading the %s config %s: %w", layerNoun(opts.Layer), path, err)
	}
	if opts.Layer == LayerProject && opts.Event != "" && !bytes.Contains(data, []byte(opts.Event)) {
		// A run of an event the project's file does not name: it has no entry of it, so it is
		// not parsed (SPEC 23.13). A key spelled with YAML escapes is not seen, and its hooks do
		// not run: the project's own loss, never a guard's (a recorded project guard of the
		// event is missing from a config with no entry of it, so it blocks).
		return Parse(path, nil, opts), nil
	}
	if trust != nil {
		if err := trust(path, fi); err != nil {
			return nil, fmt.Errorf("the %s config cannot be trusted: %w", layerNoun(opts.Layer), err)
		}
	}
	return Parse(path, data, opts), nil
}

func layerNoun(layer string) string {
	if layer == LayerUser {
		return "person's"
	}
	return layer
}

// checkSystemConfig trusts the system config when root alone can change it and its folders.
func checkSystemConfig(path string, fi fs.FileInfo) error {
	return safefile.CheckRootOwnedInfo(path, fi)
}

// checkProjectConfig trusts a project config that lies inside its repository, links resolved.
func checkProjectConfig(root, path string) error {
	if msg := insideRepo(root, path, true); msg != "" {
		return errors.New(msg)
	}
	return nil
}

// ProjectConfigPath is the config of the project at root.
func ProjectConfigPath(root string) string {
	return filepath.Join(root, ".agent-hooks", "config.yaml")
}

// projectLookup is what a project's commands expand from: $CLAUDE_PROJECT_DIR is the root and
// ~ the person's home (which no command may name: it is outside the repository); every other
// variable is empty, so a command means the same on every machine.
func projectLookup(root, home string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		switch name {
		case ProjectDirVar:
			return root, true
		case HomeVar:
			return home, home != ""
		}
		return "", false
	}
}

// FindProject finds the project a run started in from belongs to (projectroot.go): a recorded
// root, else the first folder holding .git or .agent-hooks/config.yaml from from upward, never
// a folder above the person's home (the walk stops there), nor the hookctl home, a folder
// inside it, or the folder whose .agent-hooks is the hookctl home (the person's own config is
// no project's). ok is false when there is none, or the recorded root is gone; each folder on
// the way costs one or two lstats.
func FindProject(from, personHome, hookctlHome string) (root string, ok bool) {
	r, ok := findProject(from, personHome, hookctlHome)
	return r.root, ok && !r.moved
}

// findProject is FindProject's search, which also returns a moved project.
func findProject(from, personHome, hookctlHome string, remembered ...string) (projectRoot, bool) {
	if from == "" || !filepath.IsAbs(from) {
		return projectRoot{}, false
	}
	if r, ok := recordedRoot(from, personHome, hookctlHome, remembered); ok {
		if r.moved {
			return r, true
		}
		_, allowed := projectAllowed(r.root, hookctlHome)
		return r, allowed
	}
	home := cleanAbs(personHome)
	for dir := filepath.Clean(from); ; dir = filepath.Dir(dir) {
		if home != "" && dir != home && within(dir, home) {
			return projectRoot{}, false // above the person's home
		}
		if rootMark(dir, home) {
			real, ok := projectAllowed(dir, hookctlHome)
			return projectRoot{root: dir, real: real}, ok
		}
		if dir == filepath.Dir(dir) {
			return projectRoot{}, false
		}
	}
}

// projectAllowed refuses a root at or inside the hookctl home, or whose .agent-hooks is it; it
// returns the root with its links resolved.
func projectAllowed(root, hookctlHome string) (string, bool) {
	real := realPath(root)
	if hookctlHome == "" {
		return real, true
	}
	for _, pair := range [][2]string{{cleanAbs(root), cleanAbs(hookctlHome)}, {real, realPath(hookctlHome)}} {
		r, h := pair[0], pair[1]
		if within(h, r) || filepath.Join(r, ".agent-hooks") == h {
			return real, false
		}
	}
	return real, true
}

func cleanAbs(p string) string {
	if p == "" {
		return ""
	}
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return filepath.Clean(p)
}

func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return cleanAbs(p)
}
