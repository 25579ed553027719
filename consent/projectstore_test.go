package consent

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/wintest"
)

// projectRepo makes a repository at dir/name with a guard script and its config, and returns
// its root and the project layer's config as a run reads it.
func projectRepo(t *testing.T, dir, name string) (string, *config.Config) {
	t.Helper()
	root := filepath.Join(dir, name)
	for _, d := range []string{filepath.Join(root, ".git"), filepath.Join(root, ".agent-hooks")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeScript(t, filepath.Join(root, ".agent-hooks"), "guard.sh", "#!/bin/sh\nexit 2\n")
	yaml := "hooks:\n  pre_tool_call:\n    - command: .agent-hooks/guard.sh\n      fail_closed: true\n"
	if err := os.WriteFile(config.ProjectConfigPath(root), []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	return root, readProjectConfig(t, root)
}

func readProjectConfig(t *testing.T, root string) *config.Config {
	t.Helper()
	layer, ok := config.LayerOf(config.Layers(config.Sources{ProjectFrom: root}), config.LayerProject)
	if !ok {
		t.Fatalf("no project at %s", root)
	}
	cfg, err := layer.Read()
	if err != nil || len(cfg.Hooks) != 1 {
		t.Fatalf("project config: %v %+v", err, cfg)
	}
	return cfg
}

func projectStatus(t *testing.T, home, root string, h config.Hook) Status {
	t.Helper()
	list, err := ProjectStore(home, root).Load()
	if err != nil {
		return StatusNotApproved
	}
	return list.Check(h).Status
}

// TestProjectApproval: an approval is the project's alone (keyed by its root), pins content,
// records the guard in the project's record, and never reaches the person's allowlist.
func TestProjectApproval(t *testing.T) {
	home, base := t.TempDir(), t.TempDir()
	a, cfgA := projectRepo(t, base, "a")
	b, cfgB := projectRepo(t, base, "b")
	ha, hb := cfgA.Hooks[0], cfgB.Hooks[0]
	if ha.Command != hb.Command {
		t.Fatal("the two projects' commands differ")
	}
	if projectStatus(t, home, a, ha) != StatusNotApproved {
		t.Fatal("a fresh clone's hook is approved")
	}
	if _, err := ApproveProject(home, a, []config.Hook{ha}); err != nil {
		t.Fatal(err)
	}
	if got := projectStatus(t, home, a, ha); got != StatusApproved {
		t.Errorf("project a after approval: %s", got)
	}
	if got := projectStatus(t, home, b, hb); got != StatusNotApproved {
		t.Errorf("project b, same command, approved only in a: %s", got)
	}
	guards, err := ProjectStore(home, a).Guards()
	if err != nil || len(guards) != 1 || guards[0].Command != ha.Command {
		t.Errorf("project a's guards: %v %v", guards, err)
	}
	if _, err := os.Stat(filepath.Join(home, "allowlist.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the person's allowlist was written: %v", err)
	}
	if fi, err := os.Stat(ProjectStorePath(home, a)); err != nil || runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 { // Windows: an access list, no mode
		t.Errorf("project approvals file: %v %v", fi, err)
	}
	// The same repository through a link is the same project.
	t.Run("through a link", func(t *testing.T) {
		link := filepath.Join(base, "link")
		wintest.Symlink(t, a, link)
		if ProjectStorePath(home, link) != ProjectStorePath(home, a) {
			t.Error("a link to the repository is another project")
		}
	})

	// An edit of the script: changed, in a only.
	writeScript(t, filepath.Join(a, ".agent-hooks"), "guard.sh", "#!/bin/sh\nexit 0\n")
	if got := projectStatus(t, home, a, ha); got != StatusChanged {
		t.Errorf("project a after an edit: %s", got)
	}
}

// TestApproveProjectRefuses: the person's hooks, and hooks naming files outside the root, are
// no project's to approve; nothing is written.
func TestApproveProjectRefuses(t *testing.T) {
	home, base := t.TempDir(), t.TempDir()
	a, cfgA := projectRepo(t, base, "a")
	_, cfgB := projectRepo(t, base, "b")
	person := cfgA.Hooks[0]
	person.Layer = config.LayerUser
	for name, h := range map[string]config.Hook{"the person's": person, "another project's": cfgB.Hooks[0]} {
		if _, err := ApproveProject(home, a, []config.Hook{h}); !errors.Is(err, ErrNotProjectHook) {
			t.Errorf("%s hook: %v", name, err)
		}
	}
	if _, err := os.Stat(ProjectStorePath(home, a)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused approval wrote: %v", err)
	}
}

// TestProjectCorrupt: a corrupt project approvals file approves nothing and is never written
// over.
func TestProjectCorrupt(t *testing.T) {
	home, base := t.TempDir(), t.TempDir()
	a, cfgA := projectRepo(t, base, "a")
	path := ProjectStorePath(home, a)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ProjectStore(home, a).Load(); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("load: %v", err)
	}
	if got := projectStatus(t, home, a, cfgA.Hooks[0]); got == StatusApproved {
		t.Error("a corrupt file approves")
	}
	if _, err := ApproveProject(home, a, cfgA.Hooks); err == nil {
		t.Error("approving over a corrupt file succeeded")
	}
	if data, _ := os.ReadFile(path); string(data) != "{not json" {
		t.Errorf("the corrupt file was written over: %q", data)
	}
}

// TestProjectConcurrentApprovals: writers of two projects and of one project at once lose no
// approval and leave whole files.
func TestProjectConcurrentApprovals(t *testing.T) {
	home, base := t.TempDir(), t.TempDir()
	roots := map[string]*config.Config{}
	for _, name := range []string{"a", "b", "c"} {
		root, cfg := projectRepo(t, base, name)
		roots[root] = cfg
	}
	var wg sync.WaitGroup
	errs := make(chan error, 30)
	for i := 0; i < 10; i++ {
		for root, cfg := range roots {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := ApproveProject(home, root, cfg.Hooks); err != nil {
					errs <- err
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for root, cfg := range roots {
		if got := projectStatus(t, home, root, cfg.Hooks[0]); got != StatusApproved {
			t.Errorf("%s: %s", root, got)
		}
		if _, err := ProjectStore(home, root).Guards(); err != nil {
			t.Errorf("%s guards: %v", root, err)
		}
	}
}

// TestLoadProjectSkips: a run of an event the project has no entry for, and no guard of,
// reads no more and gets no layer (SPEC 23.13); one its recorded guard covers gets it, with
// the config's error standing for its hooks.
func TestLoadProjectSkips(t *testing.T) {
	home, base := t.TempDir(), t.TempDir()
	a, cfgA := projectRepo(t, base, "a")
	layer, _ := config.LayerOf(config.Layers(config.Sources{ProjectFrom: a}), config.LayerProject)
	if p := LoadProject(home, layer, "post_tool_call", nil); p != nil {
		t.Errorf("post_tool_call: %+v", p)
	}
	if p := LoadProject(home, layer, "pre_tool_call", nil); p == nil || !p.Config.HasHooks("pre_tool_call") {
		t.Errorf("pre_tool_call: %+v", p)
	}
	if _, err := ApproveProject(home, a, cfgA.Hooks); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(config.ProjectConfigPath(a), []byte("hooks: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := LoadProject(home, layer, "pre_tool_call", nil)
	if p == nil || len(p.Guards) != 1 || len(Gaps(p.Guards, p.Config, "pre_tool_call")) != 1 {
		t.Fatalf("broken config with a recorded guard: %+v", p)
	}
	// A file that does not name the fired event is not parsed (its error is not this run's),
	// and a recorded guard of the event is missing from it: it still blocks.
	llm, _ := config.LayerOf(config.Layers(config.Sources{ProjectFrom: a, Event: "post_llm_call"}), config.LayerProject)
	if p := LoadProject(home, llm, "post_llm_call", nil); p != nil {
		t.Errorf("post_llm_call, a broken file that does not name it: %+v", p)
	}
	moved := "hooks:\n  post_tool_call:\n    - command: .agent-hooks/guard.sh\n      fail_closed: true\n"
	if err := os.WriteFile(config.ProjectConfigPath(a), []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	tool, _ := config.LayerOf(config.Layers(config.Sources{ProjectFrom: a, Event: "pre_tool_call"}), config.LayerProject)
	p = LoadProject(home, tool, "pre_tool_call", nil)
	if p == nil || len(Gaps(p.Guards, p.Config, "pre_tool_call")) != 1 {
		t.Errorf("the guard moved to another event, the file no longer naming pre_tool_call: %+v", p)
	}
}

// TestProjectFileRecordsRoot: a project's approvals file records its root, and a file whose
// recorded root is not the project its name keys (copied from another project) approves
// nothing, is never written over, and Projects names it; a file of before the field is read
// and records its root at the next write.
func TestProjectFileRecordsRoot(t *testing.T) {
	home, base := t.TempDir(), t.TempDir()
	a, cfgA := projectRepo(t, base, "a")
	b, cfgB := projectRepo(t, base, "b")
	if _, err := ApproveProject(home, a, cfgA.Hooks); err != nil {
		t.Fatal(err)
	}
	list, err := ProjectStore(home, a).Load()
	if err != nil || list.Root != canonicalRoot(a) {
		t.Fatalf("the file records root %q (%v), want %q", list.Root, err, canonicalRoot(a))
	}

	// b's key holding a's file: nothing of b is approved by it, and no write replaces it.
	data, err := os.ReadFile(ProjectStorePath(home, a))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ProjectStorePath(home, b), data, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ProjectStore(home, b).Load(); !errors.Is(err, ErrOtherProject) {
		t.Errorf("b's key holding a's file: %v, want ErrOtherProject", err)
	}
	if projectStatus(t, home, b, cfgB.Hooks[0]) != StatusNotApproved {
		t.Error("a's approvals filed under b's key approve b's hook")
	}
	gate := &Gate{Store: ProjectStore(home, b)}
	if st := gate.Decide(t.Context(), cfgB.Hooks[0], ReadScript(cfgB.Hooks[0])); st == StatusApproved {
		t.Error("a run in b is approved by a's file")
	}
	if _, err := ApproveProject(home, b, cfgB.Hooks); !errors.Is(err, ErrOtherProject) {
		t.Errorf("approving b over a's file: %v", err)
	}
	if after, _ := os.ReadFile(ProjectStorePath(home, b)); string(after) != string(data) {
		t.Error("the file of another project was written over")
	}
	// Nor does the person's allowlist take a project's file.
	if _, err := NewStore(ProjectStorePath(home, a)).Load(); !errors.Is(err, ErrOtherProject) {
		t.Errorf("a project's file read as the person's allowlist: %v", err)
	}

	found := Projects(home)
	if len(found) != 2 {
		t.Fatalf("Projects: %+v", found)
	}
	for _, p := range found {
		switch p.Path {
		case ProjectStorePath(home, a):
			if p.Root != canonicalRoot(a) || p.Approvals != 1 || p.Err != nil {
				t.Errorf("a: %+v", p)
			}
		case ProjectStorePath(home, b):
			if !errors.Is(p.Err, ErrOtherProject) || p.Approvals != 0 {
				t.Errorf("b holding a's file: %+v", p)
			}
		default:
			t.Errorf("unexpected %+v", p)
		}
	}

	// A file without a root (written before the field) is b's as its name says, and records
	// b's root at its next write.
	old := `{"version": 1, "approvals": []}`
	if err := os.WriteFile(ProjectStorePath(home, b), []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ApproveProject(home, b, cfgB.Hooks); err != nil {
		t.Fatal(err)
	}
	if list, err := ProjectStore(home, b).Load(); err != nil || list.Root != canonicalRoot(b) || len(list.Approvals) != 1 {
		t.Errorf("after a write: %+v %v", list, err)
	}
}

// BenchmarkProjectLayer is what the project layer costs a run whose event the project's file
// does not name (SPEC 23.13; P2j and P2jt in make bench-p2): finding the project, reading its
// file, and for a tool event its guard record. "parsed" is the file read for every event, as
// list and doctor read it, for comparison.
func BenchmarkProjectLayer(b *testing.B) {
	home, base := b.TempDir(), b.TempDir()
	root := filepath.Join(base, "repo")
	for _, d := range []string{".git", ".agent-hooks"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	yaml := "hooks:\n  pre_tool_call:\n    - command: .agent-hooks/hook.sh guard\n      matcher: Bash|terminal\n      fail_closed: true\n  post_tool_call:\n    - command: .agent-hooks/hook.sh log\n"
	if err := os.WriteFile(filepath.Join(root, ".agent-hooks", "hook.sh"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(config.ProjectConfigPath(root), []byte(yaml), 0o644); err != nil {
		b.Fatal(err)
	}
	loc := config.Locations{Home: home, Config: filepath.Join(home, "config.yaml"), Allowlist: filepath.Join(home, "allowlist.json")}
	layer := func(event string) config.Layer {
		l, ok := config.LayerOf(config.Layers(config.Sources{Person: loc, Event: event, ProjectFrom: root}), config.LayerProject)
		if !ok {
			b.Fatal("no project")
		}
		return l
	}
	all, _ := layer("").Read()
	if _, err := ApproveProject(home, root, all.Hooks); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, event string }{{"post_llm_call", "post_llm_call"}, {"pre_llm_call", "pre_llm_call"}, {"parsed", ""}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				p := LoadProject(home, layer(c.event), c.event, nil)
				if (p == nil) != (c.event != "") {
					b.Fatalf("layer %+v", p)
				}
			}
		})
	}
}
