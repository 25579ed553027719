package consent

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/config"
)

// rememberedSetup approves the guard of a project with the person's store beside it, and
// returns the person's store, the project's store and its root.
func rememberedSetup(t *testing.T) (person, project *Store, root, home string) {
	t.Helper()
	home, base := t.TempDir(), t.TempDir()
	root, cfg := projectRepo(t, base, "repo")
	person = NewStore(filepath.Join(home, "allowlist.json"))
	project = ProjectStore(home, root)
	project.Person = person
	if _, err := ApproveProjectIn(project, cfg.Hooks); err != nil {
		t.Fatal(err)
	}
	return person, project, project.Root, home
}

// TestRememberedProject: approving a project's guard makes the person's record remember it and
// the person's allowlist name the project; whatever an agent's command does to the project's
// files, the guard is then lost (it blocks), and a revoke in the project forgets it.
func TestRememberedProject(t *testing.T) {
	tests := []struct {
		name   string
		attack func(t *testing.T, project *Store)
		lost   bool
	}{
		{"untouched", func(*testing.T, *Store) {}, false},
		{"projects folder removed", func(t *testing.T, p *Store) { removeAll(t, filepath.Dir(p.Path)) }, true},
		{"record removed", func(t *testing.T, p *Store) { removeAll(t, p.GuardPath()) }, true},
		{"both removed", func(t *testing.T, p *Store) { removeAll(t, p.GuardPath()); removeAll(t, p.Path) }, true},
		{"approvals replaced by {}, record by an empty one", func(t *testing.T, p *Store) {
			writeFile(t, p.Path, "{}")
			writeFile(t, p.GuardPath(), "{\"version\": 1, \"guards\": []}\n")
		}, true},
		{"record replaced by an empty one", func(t *testing.T, p *Store) {
			writeFile(t, p.GuardPath(), "{\"version\": 1, \"guards\": []}\n")
		}, true},
		{"approvals removed", func(t *testing.T, p *Store) { removeAll(t, p.Path) }, false}, // the record holds it: not in force, it blocks
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			person, project, root, home := rememberedSetup(t)
			rec, err := person.GuardRecord()
			if mem, ok := Remembered(rec.Projects, root); err != nil || !ok || len(mem.Guards) != 1 {
				t.Fatalf("the person's record does not remember the project: %+v %v", rec, err)
			}
			if a, err := person.Load(); err != nil || len(a.GuardProjects) != 1 || a.GuardProjects[0] != root {
				t.Fatalf("the person's allowlist does not name the project: %+v %v", a, err)
			}
			tt.attack(t, project)
			mem, _ := Remembered(rec.Projects, root)
			lost, err := LostOf(home, mem)
			if blocked := err != nil || len(lost) > 0; blocked != tt.lost {
				t.Fatalf("lost %v (%v), want blocked %v", lost, err, tt.lost)
			}
			if len(lost) > 0 && lost[0].Fix != LostFix(root) {
				t.Errorf("no fix: %+v", lost[0])
			}
			_, err = project.Revoke(mem.Guards[0].Command, "")
			if errors.Is(err, ErrCorrupt) {
				// Never written over: the person moves it aside first, as doctor says.
				removeAll(t, project.Path)
				_, err = project.Revoke(mem.Guards[0].Command, "")
			}
			if err != nil {
				t.Fatal(err)
			}
			rec, err = person.GuardRecord()
			if _, ok := Remembered(rec.Projects, root); err != nil || ok {
				t.Errorf("after revoke the project is still remembered: %+v %v", rec, err)
			}
		})
	}
}

// TestRememberedRecordRemoved: the person's record removed with projects/ while the allowlist
// names the project cannot be trusted; approving the project again writes both anew.
func TestRememberedRecordRemoved(t *testing.T) {
	person, project, root, _ := rememberedSetup(t)
	removeAll(t, filepath.Dir(project.Path))
	removeAll(t, person.GuardPath())
	if _, err := person.Guards(); !errors.Is(err, ErrGuardRecord) {
		t.Fatalf("a record removed with projects/ is trusted: %v", err)
	}
	cfg := readProjectConfig(t, root)
	if _, err := ApproveProjectIn(project, cfg.Hooks); err != nil {
		t.Fatal(err)
	}
	if _, err := person.Guards(); err != nil {
		t.Errorf("after approving again: %v", err)
	}
}

// TestLoadProjectLost: a run in a remembered project whose approvals are gone holds the lost
// guard even when the project's config no longer names the event.
func TestLoadProjectLost(t *testing.T) {
	person, project, root, home := rememberedSetup(t)
	rec, _ := person.GuardRecord()
	removeAll(t, filepath.Dir(project.Path))
	removeAll(t, config.ProjectConfigPath(root))
	layer, ok := config.LayerOf(config.Layers(config.Sources{ProjectFrom: root, Event: "pre_tool_call",
		Person: config.Locations{Home: home}, Remembered: RememberedRoots(rec.Projects)}), config.LayerProject)
	if !ok {
		t.Fatal("no project layer")
	}
	p := LoadProject(home, layer, "pre_tool_call", rec.Projects)
	if p == nil || len(p.Lost) != 1 {
		t.Fatalf("the lost guard is not held: %+v", p)
	}
	if p := LoadProject(home, layer, "pre_tool_call", nil); p != nil {
		t.Errorf("without the memory the project is quiet, as before: %+v", p)
	}
}

func removeAll(t *testing.T, path string) {
	t.Helper()
	if err := os.RemoveAll(path); err != nil {
		t.Fatal(err)
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}
