package doctor

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/scriptfile"
	"github.com/hookctl/hookctl/internal/wintest"
	"github.com/hookctl/hookctl/runner"
)

type fixture struct {
	dir   string
	cfg   *config.Config
	store *consent.Store
}

// setup writes the scripts and config into a temp folder and loads it.
func setup(t *testing.T, yaml string, scripts map[string]string) *fixture {
	t.Helper()
	dir := t.TempDir()
	for name, body := range scripts {
		mode := os.FileMode(0o755)
		if strings.HasSuffix(name, ".noexec") {
			name, mode = strings.TrimSuffix(name, ".noexec"), 0o644
		}
		if err := scriptfile.Write(filepath.Join(dir, name), []byte(body), mode); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(path, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(path, config.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{dir: dir, cfg: cfg, store: consent.NewStore(filepath.Join(dir, "allowlist.json"))}
}

func (f *fixture) approveAll(t *testing.T) {
	t.Helper()
	if _, err := f.store.Approve(f.cfg.Hooks...); err != nil {
		t.Fatal(err)
	}
}

func (f *fixture) examine(t *testing.T) Report {
	t.Helper()
	d := &Doctor{Config: f.cfg, Store: f.store, Runner: &runner.Dispatcher{Config: f.cfg, Home: f.dir, Consent: &consent.Gate{Store: f.store}}, Dir: f.dir}
	return d.Examine(context.Background())
}

// has reports whether the report has a finding of that severity and check whose message
// contains want.
func has(r Report, sev Severity, check, want string) bool {
	for _, f := range r.Findings {
		if f.Severity == sev && f.Check == check && strings.Contains(f.Message, want) {
			return true
		}
	}
	return false
}

const okScript = "#!/bin/sh\ncat >/dev/null\necho '{}'\n"

func TestHealthy(t *testing.T) {
	wintest.NeedsShell(t) // the smoke run runs the .sh hook
	f := setup(t, "hooks:\n  pre_tool_call:\n    - command: ./ok.sh\n", map[string]string{"ok.sh": okScript})
	f.approveAll(t)
	r := f.examine(t)
	if r.Problems != 0 || len(r.Findings) != 0 {
		t.Fatalf("healthy config: %+v", r)
	}
	if len(r.Smoke) != 1 || r.Smoke[0].Status != "ok" {
		t.Errorf("smoke runs = %+v", r.Smoke)
	}
}

func TestFindings(t *testing.T) {
	tests := []struct {
		name     string
		yaml     string
		scripts  map[string]string
		approve  bool
		after    func(t *testing.T, f *fixture)
		sev      Severity
		check    string
		contains string
	}{
		{"not executable", "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n",
			map[string]string{"a.sh.noexec": okScript}, true, nil, SeverityError, "script", "not executable"},
		{"missing script", "hooks:\n  pre_tool_call:\n    - command: ./gone.sh\n",
			nil, false, nil, SeverityError, "script", "does not exist"},
		{"no shebang", "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n",
			map[string]string{"a.sh": "echo '{}'\n"}, false, nil, SeverityError, "interpreter", "no #! line"},
		{"missing interpreter", "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n",
			map[string]string{"a.sh": "#!/nonexistent/interp\n"}, false, nil, SeverityError, "interpreter", "/nonexistent/interp"},
		{"missing env interpreter", "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n",
			map[string]string{"a.sh": "#!/usr/bin/env no-such-interp-x\n"}, false, nil, SeverityError, "interpreter", "no-such-interp-x"},
		{"unapproved", "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n",
			map[string]string{"a.sh": okScript}, false, nil, SeverityError, "consent", "not approved"},
		{"edited", "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n",
			map[string]string{"a.sh": okScript}, true, func(t *testing.T, f *fixture) {
				writeFile(t, filepath.Join(f.dir, "a.sh"), okScript+"# edited\n", 0o755)
			}, SeverityError, "consent", "changed since approval"},
		{"non-JSON output", "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n",
			map[string]string{"a.sh": "#!/bin/sh\necho hello\n"}, true, nil, SeverityError, "smoke_run", "not a JSON object"},
		{"shell syntax", "hooks:\n  pre_tool_call:\n    - command: \"./a.sh | tee log\"\n",
			map[string]string{"a.sh": okScript}, true, nil, SeverityWarning, "shell_syntax", `"|"`},
		{"dropped entry", "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n      matcher: \"[\"\n",
			map[string]string{"a.sh": okScript}, false, nil, SeverityError, "config", "invalid matcher"},
		{"clamped timeout", "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n      timeout: 900\n",
			map[string]string{"a.sh": okScript}, true, nil, SeverityWarning, "config", "clamped"},
		{"loose allowlist", "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n",
			map[string]string{"a.sh": okScript}, true, func(t *testing.T, f *fixture) {
				if err := os.Chmod(f.store.Path, 0o644); err != nil {
					t.Fatal(err)
				}
			}, SeverityError, "allowlist", "mode 0644"},
		{"corrupt allowlist", "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n",
			map[string]string{"a.sh": okScript}, false, func(t *testing.T, f *fixture) {
				writeFile(t, f.store.Path, "{not json", 0o600)
			}, SeverityError, "allowlist", "allowlist.json"},
		{"matcher widened", "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n      matcher: terminal\n",
			map[string]string{"a.sh": okScript}, true, func(t *testing.T, f *fixture) {
				f.cfg.Hooks[0].Matcher = "*" // as if the config was edited after approval
			}, SeverityWarning, "consent", "matcher changed"},
	}
	// Windows has no executable bit, runs no #! line and keeps no mode: these are Unix's.
	unixOnly := map[string]bool{"not executable": true, "no shebang": true, "missing interpreter": true,
		"missing env interpreter": true, "loose allowlist": true}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if runtime.GOOS == "windows" && unixOnly[tt.name] {
				t.Skip("Windows has no executable bit, #! line or mode; TestWindowsScriptInterpreter covers its interpreters")
			}
			if tt.name == "non-JSON output" {
				wintest.NeedsShell(t) // the smoke run runs the .sh hook
			}
			f := setup(t, tt.yaml, tt.scripts)
			if tt.approve {
				f.approveAll(t)
			}
			if tt.after != nil {
				tt.after(t, f)
			}
			r := f.examine(t)
			if !has(r, tt.sev, tt.check, tt.contains) {
				t.Fatalf("no %s %s finding containing %q in %+v", tt.sev, tt.check, tt.contains, r.Findings)
			}
			errors := 0
			for _, fd := range r.Findings {
				if fd.Severity == SeverityError {
					errors++
				}
			}
			if r.Problems != errors {
				t.Errorf("Problems = %d, want %d", r.Problems, errors)
			}
		})
	}
}

// Doctor never runs a hook that is not approved, nor one changed since approval.
func TestNeverRunsUnapproved(t *testing.T) {
	wintest.NeedsShell(t)
	// readlink -f gives the script's path however it runs (by its path, or as /dev/fd/3).
	sentinel := "#!/bin/sh\nself=$(readlink -f \"$0\")\ntouch \"$(dirname \"$self\")/ran-$(basename \"$self\")\"\necho '{}'\n"
	f := setup(t, `hooks:
  pre_tool_call:
    - command: ./unapproved.sh
    - command: ./changed.sh
    - command: ./approved.sh
`, map[string]string{"unapproved.sh": sentinel, "changed.sh": sentinel, "approved.sh": sentinel})
	if _, err := f.store.Approve(f.cfg.Hooks[1], f.cfg.Hooks[2]); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(f.dir, "changed.sh"), sentinel+"# edited\n", 0o755)
	f.examine(t)
	for name, want := range map[string]bool{"unapproved.sh": false, "changed.sh": false, "approved.sh": true} {
		_, err := os.Stat(filepath.Join(f.dir, "ran-"+name))
		if ran := err == nil; ran != want {
			t.Errorf("%s ran = %v, want %v", name, ran, want)
		}
	}
}

func writeFile(t *testing.T, path, body string, mode os.FileMode) {
	t.Helper()
	if err := scriptfile.Write(path, []byte(body), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}
