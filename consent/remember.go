package consent

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/internal/jsonx"
	"github.com/hookctl/hookctl/internal/safefile"
)

// A project's guards are remembered by the person (SPEC 24.8, 14.2). A project's approvals and
// guard record live in projects/ of the hookctl home, one folder an agent's command could
// remove whole; the project's guards would then be "not approved" and skipped. So the person's
// own guard record, beside the allowlist and outside projects/, also remembers each project
// whose guards are recorded: its root and its guards as recorded. It is written under the
// person's allowlist lock, by rename, whenever a project's guard record changes (approve
// --project, approve --from-lock, revoke --project, the prompt), with the same change, before
// the project's record. A run in a remembered project whose own record is missing, unreadable
// or no longer holds a remembered guard as remembered blocks every call that guard covered
// (Project.Lost), until the person approves the project again or revokes the guard there, at a
// terminal.
//
// Cost (SPEC 23.13): the remembered projects are read with the person's guards (runner.GuardsFor
// reads the record on every event a guard could cover anyway) and handed to the project layer,
// which compares them with the project's record it reads already: no read is added where a
// person has guards of their own. Where the person has none, the record now exists once a
// project guard is approved: strace of `run --agent claude-code` on an `ls` in such a project
// counts 337 file syscalls against 333 before (the record's open, fstat, read and close, where
// two failed lstats were), and 200 interleaved pairs give a median time ratio of 0.99
// (quartiles 0.91-1.09), within the noise of the machine.

// GuardRecord is what a guard record holds: the guards of its own level, and, in the person's
// record, the projects whose guards it remembers.
type GuardRecord struct {
	Guards   []Guard
	Projects []RememberedProject
}

// RememberedProject is a project whose guards the person's record remembers.
type RememberedProject struct {
	// Root is the project's root, links resolved (its approvals' key); Guards, its guards as
	// its own record held them when they were last recorded or revoked.
	Root   string
	Guards []Guard
	// Record is the person's guard record that remembers it (not written).
	Record string
}

type projectGuardsJSON struct {
	Root   string      `json:"root"`
	Guards []guardJSON `json:"guards"`
}

// GuardRecord reads the guard record as Guards does, checked against the allowlist, with the
// projects it remembers.
func (s *Store) GuardRecord() (GuardRecord, error) {
	rec, exists, err := s.readRecord()
	if err != nil {
		return GuardRecord{}, err
	}
	if err := s.matchAllowlist(rec, exists); err != nil {
		return GuardRecord{}, err
	}
	for i := range rec.Projects {
		rec.Projects[i].Record = s.GuardPath()
	}
	return rec, nil
}

// Remembered returns the project of root (links resolved) among the remembered ones.
func Remembered(projects []RememberedProject, root string) (RememberedProject, bool) {
	i := slices.IndexFunc(projects, func(p RememberedProject) bool { return p.Root == root })
	if i < 0 {
		return RememberedProject{}, false
	}
	return projects[i], true
}

// RememberedRoots are the roots of the remembered projects.
func RememberedRoots(projects []RememberedProject) []string {
	out := make([]string, 0, len(projects))
	for _, p := range projects {
		out = append(out, p.Root)
	}
	return out
}

// readProjects reads the remembered projects: each with an absolute root, named once, and
// guards as a guard record's.
func readProjects(r *jsonx.Reader) ([]RememberedProject, error) {
	var out []RememberedProject
	err := r.Array(func() error {
		p := RememberedProject{Guards: []Guard{}}
		err := r.Object(func(key string) (err error) {
			switch key {
			case "root":
				p.Root, err = r.String()
			case "guards":
				err = r.Array(func() error {
					g, err := readGuard(r)
					p.Guards = append(p.Guards, g)
					return err
				})
			default:
				err = unknownKey(r, key)
			}
			return err
		})
		switch {
		case err != nil:
			return err
		case !filepath.IsAbs(p.Root):
			return fmt.Errorf("the remembered project %q is not an absolute folder", p.Root)
		case slices.ContainsFunc(out, func(o RememberedProject) bool { return o.Root == p.Root }):
			return fmt.Errorf("the project %s is remembered twice", p.Root)
		}
		if err := checkGuardList(p.Guards); err != nil {
			return fmt.Errorf("the project %s: %w", p.Root, err)
		}
		out = append(out, p)
		return nil
	})
	return out, err
}

// rememberChange makes change, the change a project's store makes to its guard record, to the
// guards this (the person's) record remembers of the project at root, under the person's
// lock. recorded are the project's guards as its record holds them before the change: one the
// person's record does not remember yet (recorded before it remembered projects) is taken in
// first. A project left with no guard is forgotten. The person's allowlist names the projects
// the record remembers (Allowlist.GuardProjects), a second copy, as it marks its guards.
func (s *Store) rememberChange(root string, recorded []Guard, change func(map[[2]string]Guard) bool) error {
	return s.update(func(a *Allowlist) (bool, error) {
		rec, _, err := s.readRecord()
		if err != nil {
			return false, err
		}
		old, _ := Remembered(rec.Projects, root)
		mem := make(map[[2]string]Guard, len(old.Guards)+len(recorded))
		for _, g := range recorded {
			mem[g.key()] = g
		}
		for _, g := range old.Guards {
			mem[g.key()] = g
		}
		change(mem)
		now := slices.SortedFunc(maps.Values(mem), func(x, y Guard) int {
			return strings.Compare(x.Event+"\x00"+x.Command, y.Event+"\x00"+y.Command)
		})
		listed := slices.Contains(a.GuardProjects, root)
		syncList := listed != (len(now) > 0)
		if syncList {
			a.GuardProjects = slices.DeleteFunc(a.GuardProjects, func(r string) bool { return r == root })
			if len(now) > 0 {
				a.GuardProjects = append(a.GuardProjects, root)
			}
		}
		if slices.EqualFunc(old.Guards, now, sameGuard) {
			return syncList, nil
		}
		rec.Projects = slices.DeleteFunc(rec.Projects, func(p RememberedProject) bool { return p.Root == root })
		if len(now) > 0 {
			rec.Projects = append(rec.Projects, RememberedProject{Root: root, Guards: now})
		}
		guards := make(map[[2]string]Guard, len(rec.Guards))
		for _, g := range rec.Guards {
			guards[g.key()] = g
		}
		path := s.GuardPath()
		removeStaleTemps(path)
		if err := safefile.WriteFile(path, encodeRecord(guards, rec.Projects), s.fileMode()); err != nil {
			return false, fmt.Errorf("saving guard record: %w", err)
		}
		return syncList, nil // the record first: an allowlist naming a project it lacks blocks
	})
}

// sameGuard reports whether two records of a guard are the same in every field, content
// included.
func sameGuard(x, y Guard) bool {
	return x.Same(y) && x.Pin == y.Pin && x.Dialect == y.Dialect &&
		slices.EqualFunc(x.Files, y.Files, FilePin.Same) && (x.Files == nil) == (y.Files == nil)
}

// LostFix is what a project guard that its own record no longer holds needs.
func LostFix(root string) string {
	return fmt.Sprintf("at a terminal, in %s, run `hookctl hooks approve --project` to approve its guards again, or `hookctl hooks revoke --project` to end them", root)
}

// lostGuards returns the guards the person's record remembers of the project of store (of the
// event, every event for "") that the project's own record, read as recorded, does not hold as
// remembered: each blocks what it covered (SPEC 24.8).
func lostGuards(remembered []RememberedProject, store *Store, recorded []Guard, event string) []Gap {
	mem, ok := Remembered(remembered, store.Root)
	if !ok {
		return nil
	}
	held := make(map[[2]string]Guard, len(recorded))
	for _, g := range recorded {
		held[g.key()] = g
	}
	var out []Gap
	for _, g := range mem.Guards {
		if event != "" && g.Event != event {
			continue
		}
		now, ok := held[g.key()]
		why := "lacks it"
		switch {
		case ok && sameGuard(now, g):
			continue
		case ok:
			why = "holds it with other content"
		}
		out = append(out, Gap{Guard: g, Fix: LostFix(store.Root),
			Why: fmt.Sprintf("%v: the project's guard record %s %s, but your guard record %s remembers it (the project's approvals were deleted, emptied or replaced)",
				ErrGuardRecord, store.GuardPath(), why, mem.Record)})
	}
	return out
}

// LostOf returns the guards the person's record remembers of the project p that the project's
// own record in the hookctl home no longer holds as remembered, or the error of a project
// record that cannot be read or trusted (which blocks every event a guard could cover there).
func LostOf(home string, p RememberedProject) ([]Gap, error) {
	store := projectStoreOf(home, p.Root)
	recorded, err := store.Guards()
	if err != nil {
		return nil, err
	}
	return lostGuards([]RememberedProject{p}, store, recorded, ""), nil
}
