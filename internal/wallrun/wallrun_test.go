package wallrun

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/install"
)

func env(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func TestWithin(t *testing.T) {
	dir := filepath.Join(string(filepath.Separator), "h", "home")
	for _, tc := range []struct {
		path string
		want bool
	}{
		{dir, true},
		{filepath.Join(dir, "allowlist.json"), true},
		{filepath.Join(dir, "a", "b"), true},
		{filepath.Join(string(filepath.Separator), "h", "homeother"), false},
		{filepath.Join(string(filepath.Separator), "h"), false},
		{filepath.Join(dir, "..", "x"), false},
	} {
		t.Run(tc.path, func(t *testing.T) {
			if got := Within(tc.path, dir); got != tc.want {
				t.Fatalf("Within(%s, %s) = %v, want %v", tc.path, dir, got, tc.want)
			}
		})
	}
}

// TestWithoutHookctlVars: the agent's environment cannot move the wall (SPEC 28.13).
func TestWithoutHookctlVars(t *testing.T) {
	lookup := WithoutHookctlVars(env(map[string]string{"HOOKCTL_HOME": "/tmp/elsewhere", "HOME": "/home/p"}))
	for _, tc := range []struct {
		key, want string
		ok        bool
	}{{"HOOKCTL_HOME", "", false}, {"HOOKCTL_ALLOWLIST", "", false}, {"HOME", "/home/p", true}, {"SHELL", "", false}} {
		t.Run(tc.key, func(t *testing.T) {
			if v, ok := lookup(tc.key); v != tc.want || ok != tc.ok {
				t.Fatalf("lookup(%s) = %q, %v", tc.key, v, ok)
			}
		})
	}
}

func TestSetFor(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the wall is Linux's and macOS's: its commands, shells and paths are POSIX ones")
	}
	person := t.TempDir()
	named := t.TempDir()
	for _, tc := range []struct {
		name, home string
		env        map[string]string
		wantHome   string
	}{
		{name: "the home given", home: named, env: map[string]string{"HOME": person}, wantHome: named},
		{name: "the person's home, HOOKCTL_HOME unread", env: map[string]string{"HOME": person, "HOOKCTL_HOME": named}, wantHome: filepath.Join(person, ".agent-hooks")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set, err := SetFor(tc.home, env(tc.env))
			if err != nil {
				t.Fatal(err)
			}
			if len(set.Trees) == 0 || set.Trees[0] != tc.wantHome {
				t.Fatalf("Trees = %q, want %s first", set.Trees, tc.wantHome)
			}
			if got := HomeOnly(set); len(got.Trees) != 1 || got.Trees[0] != tc.wantHome {
				t.Fatalf("HomeOnly = %q", got.Trees)
			}
			for _, open := range []string{config.ConfigFile, config.AuditFile, config.OpenDir} {
				if !slices.Contains(set.Open, filepath.Join(tc.wantHome, open)) {
					t.Errorf("Open = %q, want %s left open", set.Open, open)
				}
			}
			for _, f := range set.Files {
				if Within(f, tc.wantHome) {
					t.Errorf("Files holds %s, which the home's tree covers", f)
				}
			}
			for _, sys := range filepath.SplitList(config.SystemPath) {
				if !slices.Contains(set.Trees, sys) {
					t.Errorf("Trees = %q, want the guard PATH's %s", set.Trees, sys)
				}
			}
		})
	}
}

func TestCommandShell(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the wall is Linux's and macOS's: its commands, shells and paths are POSIX ones")
	}
	for _, tc := range []struct {
		name, shell string
		kept        bool
	}{
		{"bash by its path", "/usr/local/bin/bash", true},
		{"zsh by its path", "/bin/zsh", true},
		{"fish: bash instead", "/usr/bin/fish", false},
		{"bash by its name only: bash instead", "bash", false},
		{"none", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := CommandShell(env(map[string]string{"SHELL": tc.shell}))
			if tc.kept != (got == tc.shell) || !tc.kept && filepath.Base(got) != "bash" {
				t.Fatalf("CommandShell with SHELL=%q = %q", tc.shell, got)
			}
		})
	}
}

func TestStartCommand(t *testing.T) {
	for _, tc := range []struct{ agent, want string }{
		{"codex", "hookctl wall -- codex --sandbox danger-full-access"},
		{"claude-code", "hookctl wall -- claude"},
	} {
		t.Run(tc.agent, func(t *testing.T) {
			if got := StartCommand(dialect(t, tc.agent)); got != tc.want {
				t.Fatalf("StartCommand = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestUserSwitchFiles(t *testing.T) {
	home := t.TempDir()
	files := UserSwitchFiles("claude-code", home, env(map[string]string{"HOME": home}))
	if len(files) == 0 {
		t.Fatal("no user switch files for Claude Code")
	}
	for _, f := range files {
		if !Within(f, home) {
			t.Errorf("%s is not under the person's home %s", f, home)
		}
	}
	if got := UserSwitchFiles("no-such-agent", home, env(nil)); got != nil {
		t.Errorf("an unknown agent's files = %q", got)
	}
}

func TestOpenFolders(t *testing.T) {
	home := t.TempDir()
	set, err := SetFor(home, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	OpenFolders(set)
	if fi, err := os.Stat(filepath.Join(home, config.OpenDir)); err != nil || !fi.IsDir() {
		t.Fatalf("the open folder was not made: %v", err)
	}
	if _, err := os.Stat(filepath.Join(home, config.ConfigFile)); err == nil {
		t.Fatal("a file left open was made")
	}
}

// TestProbeFor probes a home this test is not walled from: a wired agent's call is outside.
func TestProbeFor(t *testing.T) {
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, "allowlist.json"), []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	d := dialect(t, "codex")
	wired := install.Memory{Walls: []install.WallWired{{Agent: "codex", Mode: install.WallByStart}}}
	if p := ProbeFor(d, install.Memory{}, nil, home, env(nil)); p.Wired || p.Inside {
		t.Errorf("no wall wired: %+v", p)
	}
	if p := ProbeFor(d, wired, os.ErrPermission, home, env(nil)); p.MemoryErr == nil || p.Wired {
		t.Errorf("memory unreadable: %+v", p)
	}
	p := ProbeFor(d, wired, nil, home, env(nil))
	if !p.Wired || p.Inside {
		t.Fatalf("wired, outside the wall: %+v", p)
	}
	if p.InsideErr != nil && !strings.Contains(p.InsideErr.Error(), "no wall") {
		t.Fatalf("wired, outside the wall: %v", p.InsideErr)
	}
}
