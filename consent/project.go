package consent

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookctl/hookctl/config"
)

// Consent per project (SPEC 20, 23.8). A repository's hooks are approved per project: each
// project has its own approvals file in the hookctl home, projects/SHA.json (SHA the sha256
// of the project's root, links resolved), with its own guard record beside it
// (projects/SHA.guards.json). It is a Store like the person's allowlist: the same locking,
// atomic writes, owner-only modes and trust checks; one that is corrupt approves nothing and
// is never written over. Its approvals are keyed by (event, command) within the project and
// pin the content of every file a command names, as the person's do. Nothing of a fresh
// clone is approved: only the person approves a project's hooks, in that project (hookctl
// hooks approve --project, or the prompt), and never hooks_auto_accept.

// ProjectsDir is the folder of the projects' approvals in the hookctl home.
func ProjectsDir(home string) string { return config.ProjectsDir(home) }

// ProjectKey is the name a project's approvals are filed under: the sha256 of its root, links
// resolved, so that one repository reached by two paths is one project.
func ProjectKey(root string) string {
	return keyOf(canonicalRoot(root))
}

// ProjectStorePath is the approvals file of the project at root.
func ProjectStorePath(home, root string) string {
	return filepath.Join(ProjectsDir(home), ProjectKey(root)+".json")
}

// ProjectStore is the store of the approvals of the project at root (its guard record is
// beside it, GuardPath).
func ProjectStore(home, root string) *Store {
	return projectStoreOf(home, canonicalRoot(root))
}

// projectStoreOf is ProjectStore of a root whose links are resolved already.
func projectStoreOf(home, real string) *Store {
	s := NewStore(filepath.Join(ProjectsDir(home), keyOf(real)+".json"))
	s.Root = real
	return s
}

// ErrOtherProject marks a project's approvals file that records another project's root than
// the one its name is the key of (a file copied or moved between keys): it approves nothing,
// and nothing is written over it. A file that records no root (written before the field) is
// read, and records it at its next write.
var ErrOtherProject = errors.New("approvals of another project")

// checkRoot refuses a project's approvals whose recorded root is not this store's.
func (s *Store) checkRoot(a *Allowlist) error {
	if s.anyRoot || s.Root == "" && a.Root == "" {
		return nil
	}
	if s.Root == "" || (a.Root != "" && a.Root != s.Root) {
		want := s.Root
		if want == "" {
			want = "none (the person's allowlist)"
		}
		return fmt.Errorf("%w: %s records the project %s, not %s: it approves nothing; move it aside and approve the project's hooks again",
			ErrOtherProject, s.Path, a.Root, want)
	}
	return nil
}

func canonicalRoot(root string) string {
	if abs, err := filepath.Abs(root); err == nil {
		root = abs
	}
	if real, err := filepath.EvalSymlinks(root); err == nil {
		return real
	}
	return filepath.Clean(root)
}

// ErrNotProjectHook marks a hook handed to ApproveProject that is not a hook of that project's
// config: the person's, the system's, or one naming a file outside the repository.
var ErrNotProjectHook = errors.New("not a hook of this project")

// ApproveProject approves hooks of the project at root (the person's consent: callers refuse
// when an agent runs them), each pinned to the content of its files as they are now, and
// records the guards among them in the project's guard record. Every hook must come from that
// project's config (config.Layers' project layer, Hook.Layer config.LayerProject) and name
// files inside root only; otherwise nothing is written and the error wraps ErrNotProjectHook.
// A hook whose files cannot be read is an error naming it, and nothing is written.
func ApproveProject(home, root string, hooks []config.Hook) ([]Approval, error) {
	return ApproveProjectIn(ProjectStore(home, root), hooks)
}

// ApproveProjectIn is ApproveProject in the project's store s (ProjectStore), whose Person, when
// set, remembers the project's guards.
func ApproveProjectIn(s *Store, hooks []config.Hook) ([]Approval, error) {
	if err := CheckProjectHooks(s.Root, hooks); err != nil {
		return nil, err
	}
	return s.Approve(hooks...)
}

// CheckProjectHooks says whether every hook is one of the project at root: loaded from its
// config, and naming files inside root alone (checked again here, against a later link).
func CheckProjectHooks(root string, hooks []config.Hook) error {
	base := canonicalRoot(root)
	for _, h := range hooks {
		if h.Layer != config.LayerProject || h.Remote() {
			return fmt.Errorf("%w: %s on %s is a %s hook", ErrNotProjectHook, h.Command, h.Event, layerName(h.Layer))
		}
		files := append([]string{}, h.Files...)
		if h.Script != "" {
			files = append(files, h.Script)
		}
		for _, f := range files {
			if !insideRoot(base, f) {
				return fmt.Errorf("%w: %s on %s names %s, outside the repository %s", ErrNotProjectHook, h.Command, h.Event, f, root)
			}
		}
	}
	return nil
}

func layerName(layer string) string {
	if layer == "" {
		return config.LayerUser
	}
	return layer
}

// insideRoot reports whether path, links resolved, lies inside root (canonical).
func insideRoot(root, path string) bool {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		real = filepath.Clean(path)
	}
	rel, err := filepath.Rel(root, real)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// Project is a repository's layer as a run sees it (SPEC 20).
type Project struct {
	// Root is the repository's root; Store holds its approvals and guard record.
	Root  string
	Store *Store
	// Recorded says the root was found by its recorded approvals (config.Layer.Recorded).
	Recorded bool
	// Config is its config (hooks marked config.LayerProject), config.Unread's when the file
	// cannot be read or trusted (ConfigErr says why): a recorded guard then blocks what it
	// covered, and no hook of the file runs.
	Config    *config.Config
	ConfigErr error
	// Guards are the recorded guards of the project (of the event a run fires); GuardErr, a
	// guard record that cannot be read or trusted, blocks every event a guard could cover.
	Guards   []Guard
	GuardErr error
	// Lost are the guards the person's record remembers of the project (of the event a run
	// fires) that its own record no longer holds as remembered: each blocks what it covered
	// (remember.go).
	Lost []Gap
}

// LoadProject reads the project layer (config.Layers' LayerProject) for a run of event (""
// for every event, as list, doctor and validate read it). For a run it returns nil when the
// project has nothing for the event: its config holds no entry of it (a file that does not
// name the event is not even parsed: config.Layers) and no recorded guard of the project
// covers it (SPEC 23.13). Only a guard event's run reads the guard record, and only when the
// hookctl home holds any project's approvals or the person's record remembers the project.
// remembered are the projects the person's guard record remembers (GuardRecord), which the
// project's own record must still hold.
func LoadProject(home string, layer config.Layer, event string, remembered []RememberedProject) *Project {
	cfg, cfgErr := layer.Read()
	real := layer.RealRoot
	if real == "" {
		real = canonicalRoot(layer.Root)
	}
	_, known := Remembered(remembered, real)
	quiet := event != "" && cfgErr == nil && len(cfg.Problems) == 0 && !cfg.HasHooks(event)
	if quiet && (!config.GuardEvent(event) || !projectsExist(home) && !known) {
		return nil // no entry of the event, and no project guard recorded that could cover it
	}
	p := &Project{Root: layer.Root, Config: cfg, ConfigErr: cfgErr, Recorded: layer.Recorded}
	p.Store = projectStoreOf(home, real) // as FindProject resolved it: not again
	if p.ConfigErr != nil {
		p.Config = config.Unread(layer.Path)
		p.Config.Root, p.Config.Dir = layer.Root, layer.Root
	}
	if event == "" || config.GuardEvent(event) {
		p.Guards, p.GuardErr = p.Store.Guards()
		if p.GuardErr == nil {
			p.Lost = lostGuards(remembered, p.Store, p.Guards, event)
		}
		if event != "" {
			var of []Guard
			for _, g := range p.Guards {
				if g.Event == event {
					of = append(of, g)
				}
			}
			p.Guards = of
		}
	}
	if layer.Moved {
		// Its recorded guards cannot be found where they were approved: every event a guard
		// could cover blocks, naming the fix (SPEC 28.23).
		p.GuardErr = cfgErr
	}
	if quiet && len(p.Guards) == 0 && p.GuardErr == nil && len(p.Lost) == 0 {
		return nil
	}
	return p
}

// projectsExist reports whether the hookctl home holds a projects folder: without one no
// project's guard is recorded (one that cannot be checked counts as there).
func projectsExist(home string) bool {
	_, err := os.Lstat(ProjectsDir(home))
	return !errors.Is(err, fs.ErrNotExist)
}

// ProjectApprovals is one project's approvals file in the hookctl home, as Projects finds it.
type ProjectApprovals struct {
	// Root is the project's root as the file records it, "" for a file written before roots
	// were recorded; Path is the file.
	Root, Path string
	// Approvals is how many hooks it approves; Err, when not nil, why it approves nothing.
	Approvals int
	Err       error
}

// Projects lists the projects' approvals files of the hookctl home (projects/*.json), each with
// the root it records, checked against its name (the key of that root): one that records
// another project's root approves nothing (ErrOtherProject). Sorted by file name.
func Projects(home string) []ProjectApprovals {
	paths, _ := filepath.Glob(filepath.Join(ProjectsDir(home), "*.json"))
	var out []ProjectApprovals
	for _, path := range paths {
		key := strings.TrimSuffix(filepath.Base(path), ".json")
		if strings.HasSuffix(key, ".guards") || len(key) != sha256.Size*2 {
			continue
		}
		pa := ProjectApprovals{Path: path}
		a, err := (&Store{Path: path, anyRoot: true}).Load()
		switch {
		case err != nil:
			pa.Err = err
		default:
			pa.Root, pa.Approvals = a.Root, len(a.Approvals)
			if a.Root != "" && keyOf(a.Root) != key {
				pa.Approvals, pa.Err = 0, fmt.Errorf("%w: %s records the project %s, whose approvals are filed under another name: it approves nothing", ErrOtherProject, path, a.Root)
			}
		}
		out = append(out, pa)
	}
	return out
}

func keyOf(canonical string) string { return config.ProjectKeyOf(canonical) }
