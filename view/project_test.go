package view

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/runner"
)

// projectWorld is a person's home holding the hookctl home and a repository with a guard
// (fail_closed on pre_tool_call) and a logging hook in its .agent-hooks/config.yaml.
type projectWorld struct {
	home, repo string
	loc        config.Locations
}

const projectConfig = `hooks:
  pre_tool_call:
    - command: .agent-hooks/guard.sh
      fail_closed: true
  post_tool_call:
    - command: .agent-hooks/log.sh
`

func newProjectWorld(t *testing.T) projectWorld {
	t.Helper()
	home, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	hh := filepath.Join(home, ".agent-hooks")
	w := projectWorld{home: home, repo: filepath.Join(home, "src", "repo"),
		loc: config.Locations{Home: hh, Config: filepath.Join(hh, "config.yaml"), Allowlist: filepath.Join(hh, "allowlist.json")}}
	for _, d := range []string{hh, filepath.Join(w.repo, ".git"), filepath.Join(w.repo, ".agent-hooks")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	w.write(t, ".git/HEAD", "ref: refs/heads/main\n", 0o644)
	w.write(t, ".agent-hooks/config.yaml", projectConfig, 0o644)
	w.write(t, ".agent-hooks/guard.sh", "#!/bin/sh\ncat >/dev/null\n", 0o755)
	w.write(t, ".agent-hooks/log.sh", "#!/bin/sh\ncat >/dev/null\n", 0o755)
	return w
}

func (w projectWorld) write(t *testing.T, name, content string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(w.repo, name), []byte(content), mode); err != nil {
		t.Fatal(err)
	}
}

// layer reads the project layer for every event, as list, validate and doctor do.
func (w projectWorld) layer(t *testing.T) *consent.Project {
	t.Helper()
	p := runner.LoadProject(w.loc, w.home, w.repo, "", nil)
	if p == nil {
		t.Fatal("no project found")
	}
	return p
}

// approve approves every hook of the project in the project (hooks approve --project).
func (w projectWorld) approve(t *testing.T) {
	t.Helper()
	p := w.layer(t)
	if _, err := p.Store.Approve(p.Config.Hooks...); err != nil {
		t.Fatal(err)
	}
}

// Under strict mode a fresh clone's guard blocks, as run does (runner.RequiredProjectGuard), and
// the view says so; a hook that is no guard is still skipped, and a bypass still runs both.
func TestProjectOfStrict(t *testing.T) {
	w := newProjectWorld(t)
	v := ProjectOf(w.layer(t), false, nil, true)
	guard, log := v.Hooks[0], v.Hooks[1]
	if guard.Runs || !strings.HasPrefix(guard.State, StateGuardOff+" (strict mode") || !strings.Contains(guard.State, w.repo) {
		t.Errorf("guard: runs %v, state %q", guard.Runs, guard.State)
	}
	if log.Runs || log.State != StateNotApproved {
		t.Errorf("log: runs %v, state %q", log.Runs, log.State)
	}
	if got := ProjectOf(w.layer(t), true, nil, true).Hooks[0]; !got.Runs || got.State != StateBypassed {
		t.Errorf("bypassed: runs %v, state %q", got.Runs, got.State)
	}
}

func TestProjectOf(t *testing.T) {
	type hookWant struct {
		runs  bool
		state string // the state's start
	}
	tests := []struct {
		name     string
		setup    func(*testing.T, projectWorld)
		bypassed bool
		guard    hookWant
		log      hookWant
	}{
		{"fresh clone", func(*testing.T, projectWorld) {}, false,
			hookWant{false, StateNotApproved}, hookWant{false, StateNotApproved}},
		{"fresh clone, consent bypassed", func(*testing.T, projectWorld) {}, true,
			hookWant{true, StateBypassed}, hookWant{true, StateBypassed}},
		{"approved", func(t *testing.T, w projectWorld) { w.approve(t) }, false,
			hookWant{true, StateRuns}, hookWant{true, StateRuns}},
		{"guard changed since approval", func(t *testing.T, w projectWorld) {
			w.approve(t)
			w.write(t, ".agent-hooks/guard.sh", "#!/bin/sh\nexit 0\n", 0o755)
		}, false, hookWant{false, StateGuardOff + " (changed since approval"}, hookWant{true, StateRuns}},
		{"hook that is no guard changed since approval", func(t *testing.T, w projectWorld) {
			w.approve(t)
			w.write(t, ".agent-hooks/log.sh", "#!/bin/sh\nexit 0\n", 0o755)
		}, false, hookWant{true, StateRuns}, hookWant{false, StateChanged + " (changed since approval"}},
		{"recorded guard whose approval is gone", func(t *testing.T, w projectWorld) {
			// What run does with it: it blocks (runner.UnapprovedGuard), not a fresh clone's hook.
			w.approve(t)
			if err := os.Remove(w.layer(t).Store.Path); err != nil {
				t.Fatal(err)
			}
		}, false, hookWant{false, StateGuardOff + " (not approved"}, hookWant{false, StateNotApproved}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newProjectWorld(t)
			tt.setup(t, w)
			v := ProjectOf(w.layer(t), tt.bypassed, nil, false)
			if v == nil {
				t.Fatal("no project view")
			}
			if v.Root != w.repo || v.Config != filepath.Join(w.repo, ".agent-hooks", "config.yaml") || v.Bypassed != tt.bypassed {
				t.Errorf("view %+v", v)
			}
			if len(v.Hooks) != 2 {
				t.Fatalf("hooks %+v", v.Hooks)
			}
			notRunning := 0
			for i, want := range []hookWant{tt.guard, tt.log} {
				h := v.Hooks[i]
				if h.Runs != want.runs || !strings.HasPrefix(h.State, want.state) {
					t.Errorf("%s: runs %v, state %q; want %v, %q...", h.Command, h.Runs, h.State, want.runs, want.state)
				}
				if !want.runs {
					notRunning++
				}
			}
			if n := v.NotRunning(); n != notRunning {
				t.Errorf("NotRunning() = %d, want %d", n, notRunning)
			}
		})
	}
}

// TestProjectOfNone: no project, and a repository with no project hooks, none approved and
// none recorded, is no project view.
func TestProjectOfNone(t *testing.T) {
	if v := ProjectOf(nil, false, nil, false); v != nil {
		t.Errorf("nil layer: %+v", v)
	}
	w := newProjectWorld(t)
	if err := os.RemoveAll(filepath.Join(w.repo, ".agent-hooks")); err != nil {
		t.Fatal(err)
	}
	if p := runner.LoadProject(w.loc, w.home, w.repo, "", nil); p != nil {
		if v := ProjectOf(p, false, nil, false); v != nil {
			t.Errorf("repository with no project hooks: %+v", v)
		}
	}
}

// TestProjectOfBrokenConfig: a config that cannot be read runs none of its hooks, and says why.
func TestProjectOfBrokenConfig(t *testing.T) {
	w := newProjectWorld(t)
	w.write(t, ".agent-hooks/config.yaml", "hooks:\n  pre_tool_call:\n    - command: x\n   fail_closed: [\n", 0o644)
	v := ProjectOf(w.layer(t), false, nil, false)
	if v == nil {
		t.Fatal("no project view")
	}
	if v.Error == "" && len(v.Problems) == 0 {
		t.Errorf("broken config: no error and no problem: %+v", v)
	}
	if len(v.Hooks) != 0 {
		t.Errorf("hooks of a broken config: %+v", v.Hooks)
	}
}

func TestProjectFindings(t *testing.T) {
	p := &consent.Project{Root: "/src/repo"}
	tests := []struct {
		name, fix, wantFix string
	}{
		{"approve", "review it, then: hookctl hooks approve x.sh --event pre_tool_call",
			"in /src/repo: review it, then: hookctl hooks approve --project x.sh --event pre_tool_call"},
		{"approve all", "hookctl hooks approve --all", "in /src/repo: hookctl hooks approve --project"},
		{"revoke", "hookctl hooks revoke x.sh --event pre_tool_call", "in /src/repo: hookctl hooks revoke --project x.sh --event pre_tool_call"},
		{"chmod", "chmod +x x.sh", "chmod +x x.sh"},
		{"none", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ProjectFindings(p, []doctor.Finding{{Message: "m", Fix: tt.fix}})
			if len(got) != 1 || got[0].Message != "project /src/repo: m" || got[0].Fix != tt.wantFix {
				t.Errorf("got %+v, want fix %q", got, tt.wantFix)
			}
		})
	}
}

// TestProjectDoctor: doctor's findings of the project, and a bypass making an unapproved hook
// a warning that runs, never a guard changed since approval.
func TestProjectDoctor(t *testing.T) {
	tests := []struct {
		name     string
		setup    func(*testing.T, projectWorld)
		bypassed bool
		want     map[string]doctor.Severity // command -> the severity of its consent finding
	}{
		{"fresh clone", func(*testing.T, projectWorld) {}, false,
			map[string]doctor.Severity{".agent-hooks/guard.sh": doctor.SeverityError, ".agent-hooks/log.sh": doctor.SeverityError}},
		{"fresh clone, consent bypassed", func(*testing.T, projectWorld) {}, true,
			map[string]doctor.Severity{".agent-hooks/guard.sh": doctor.SeverityWarning, ".agent-hooks/log.sh": doctor.SeverityWarning}},
		{"guard changed, consent bypassed", func(t *testing.T, w projectWorld) {
			w.approve(t)
			w.write(t, ".agent-hooks/guard.sh", "#!/bin/sh\nexit 0\n", 0o755)
		}, true, map[string]doctor.Severity{".agent-hooks/guard.sh": doctor.SeverityError}},
		{"approved", func(t *testing.T, w projectWorld) { w.approve(t) }, false, map[string]doctor.Severity{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newProjectWorld(t)
			tt.setup(t, w)
			got := map[string]doctor.Severity{}
			for _, f := range ProjectDoctor(context.Background(), ProjectOf(w.layer(t), tt.bypassed, nil, false), nil) {
				if !strings.HasPrefix(f.Message, "project "+w.repo+": ") {
					t.Errorf("finding does not name the project: %+v", f)
				}
				if f.Verdict != nil {
					got[f.Command] = f.Severity
				}
			}
			for cmd, sev := range tt.want {
				if got[cmd] != sev {
					t.Errorf("%s: severity %q, want %q (all: %v)", cmd, got[cmd], sev, got)
				}
			}
			if len(got) != len(tt.want) {
				t.Errorf("consent findings %v, want %v", got, tt.want)
			}
		})
	}
	if ProjectDoctor(context.Background(), nil, nil) != nil {
		t.Error("no project: findings")
	}
}

func TestApprovedProjects(t *testing.T) {
	w := newProjectWorld(t)
	if got := ApprovedProjects(w.loc.Home); len(got) != 0 {
		t.Fatalf("before any approval: %+v", got)
	}
	w.approve(t)
	got := ApprovedProjects(w.loc.Home)
	if len(got) != 1 || got[0].Root != w.repo || got[0].Approvals != 2 || got[0].Error != "" {
		t.Fatalf("after approving: %+v", got)
	}
	if err := os.WriteFile(got[0].File, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got = ApprovedProjects(w.loc.Home); len(got) != 1 || got[0].Error == "" {
		t.Errorf("broken approvals file: %+v", got)
	}
}
