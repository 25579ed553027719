package consent_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/systest"
)

// systemFolder makes the system folder in the test's namespace, with a config holding a guard
// that runs guard.sh beside it, and returns the folder.
func systemFolder(t *testing.T) string {
	t.Helper()
	loc, ok := config.SystemLocations()
	if !ok {
		t.Skip("no system level on this platform")
	}
	if err := os.MkdirAll(loc.Home, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(loc.Home) })
	writeFile(t, filepath.Join(loc.Home, "guard.sh"), "#!/bin/sh\nexit 2\n", 0o755)
	writeFile(t, loc.Config, "hooks:\n  pre_tool_call:\n    - command: "+filepath.Join(loc.Home, "guard.sh")+"\n      matcher: Bash\n      fail_closed: true\n", 0o644)
	return loc.Home
}

func writeFile(t *testing.T, path, data string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

// approveSystem approves every system hook as `hooks approve --system --all` does.
func approveSystem(t *testing.T) {
	t.Helper()
	sys := consent.LoadSystem("/root", "")
	if sys == nil || sys.Err != nil {
		t.Fatalf("LoadSystem = %+v", sys)
	}
	if _, err := consent.NewSystemStore().ApproveAll(sys.Config.Hooks...); err != nil {
		t.Fatal(err)
	}
}

func TestLoadSystem(t *testing.T) {
	if !systest.Enter(t) {
		return
	}
	if sys := consent.LoadSystem("/root", "pre_tool_call"); sys != nil {
		t.Fatalf("with no system folder LoadSystem = %+v, want nil", sys)
	}
	dir := systemFolder(t)
	approveSystem(t)
	for _, name := range []string{"allowlist.json", "allowlist.guards.json"} {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil || fi.Mode().Perm() != 0o644 {
			t.Fatalf("%s: %v, mode %v; want 0644, root's alone and readable by every person's hookctl", name, err, fi.Mode())
		}
	}
	sys := consent.LoadSystem("/root", "pre_tool_call")
	if sys == nil || sys.Err != nil {
		t.Fatalf("LoadSystem = %+v", sys)
	}
	if len(sys.Config.Hooks) != 1 || sys.Config.Hooks[0].Layer != config.LayerSystem {
		t.Fatalf("system hooks = %+v, want one of layer system", sys.Config.Hooks)
	}
	h := sys.Config.Hooks[0]
	if c := sys.Allowlist.Check(h); c.Status != consent.StatusApproved {
		t.Fatalf("the approved system hook is %s: %s", c.Status, c.Reason)
	}
	if len(sys.Guards) != 1 || sys.Guards[0].Command != h.Command {
		t.Fatalf("system guards = %+v", sys.Guards)
	}
	if err := consent.CheckSystemHook(h); err != nil {
		t.Fatalf("CheckSystemHook of root's own guard: %v", err)
	}
}

// TestLoadSystemUntrusted is the attack: each file the system layer reads, made writable by
// others or given to a person, makes the layer not in force, and the error names the file.
func TestLoadSystemUntrusted(t *testing.T) {
	if !systest.Enter(t) {
		return
	}
	dir := systemFolder(t)
	approveSystem(t)
	for _, tt := range []struct {
		file string
		do   func(p string) error
		why  string
	}{
		{"config.yaml", func(p string) error { return os.Chmod(p, 0o664) }, "has mode 0664: its group may write it"},
		{"allowlist.json", func(p string) error { return os.Chown(p, 65534, 65534) }, "is owned by uid 65534, not root"},
		{"allowlist.guards.json", func(p string) error { return os.Chmod(p, 0o646) }, "has mode 0646: others may write it"},
		{"", func(p string) error { return os.Chmod(p, 0o775) }, "has mode 0775"},
	} {
		t.Run(tt.file, func(t *testing.T) {
			p := filepath.Join(dir, tt.file)
			fi, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := tt.do(p); err != nil {
				t.Fatal(err)
			}
			defer func() {
				_ = os.Chown(p, 0, 0)
				_ = os.Chmod(p, fi.Mode().Perm())
			}()
			sys := consent.LoadSystem("/root", "pre_tool_call")
			if sys == nil || sys.Err == nil {
				t.Fatalf("LoadSystem = %+v, want the layer untrusted", sys)
			}
			if want := filepath.Clean(p) + " " + tt.why; !strings.Contains(sys.Err.Error(), want) {
				t.Fatalf("LoadSystem error = %v, want it to say %q", sys.Err, want)
			}
		})
	}
}

// TestCheckSystemHook: a system hook is in force only when every program and file it names is
// root's alone; the error names the first that is not.
func TestCheckSystemHook(t *testing.T) {
	if !systest.Enter(t) {
		return
	}
	dir := t.TempDir() // root's, on a path of root's folders
	shared := filepath.Join(dir, "shared")
	if err := os.Mkdir(shared, 0o777); err != nil {
		t.Fatal(err)
	}
	_ = os.Chmod(shared, 0o777)
	writeFile(t, filepath.Join(dir, "guard.sh"), "#!/bin/sh\nexit 2\n", 0o755)
	writeFile(t, filepath.Join(dir, "mine.sh"), "#!/bin/sh\nexit 0\n", 0o755)
	if err := os.Chown(filepath.Join(dir, "mine.sh"), 65534, 65534); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(shared, "interp"), "#!/bin/sh\nexec /bin/sh \"$@\"\n", 0o755)
	writeFile(t, filepath.Join(dir, "via-interp.sh"), "#!"+filepath.Join(shared, "interp")+"\nexit 2\n", 0o755)
	writeFile(t, filepath.Join(dir, "relative.sh"), "#!bin/sh\nexit 2\n", 0o755)
	writeFile(t, filepath.Join(dir, "env.sh"), "#!/usr/bin/env sh\nexit 2\n", 0o755)
	writeFile(t, filepath.Join(dir, "env-missing.sh"), "#!/usr/bin/env -S no-such-program-here -u\nexit 2\n", 0o755)
	writeFile(t, filepath.Join(shared, "lib.sh"), "exit 0\n", 0o644)
	for _, tt := range []struct {
		name, command string
		want          string // "" when the hook is in force
	}{
		{"root's script", "./guard.sh", ""},
		{"program from the fixed PATH", "sh ./guard.sh", ""},
		{"env interpreter on the fixed PATH", "./env.sh", ""},
		{"a person's script", "./mine.sh", "mine.sh is owned by uid 65534, not root"},
		{"a person's script run by sh", "sh ./mine.sh", "mine.sh is owned by uid 65534, not root"},
		{"interpreter in a shared folder", "./via-interp.sh", "shared has mode 0777: others may write it"},
		{"relative interpreter", "./relative.sh", "#! interpreter bin/sh is not an absolute path"},
		{"env program not on the fixed PATH", "./env-missing.sh", "no-such-program-here is not found on /usr/sbin:/usr/bin:/sbin:/bin"},
		{"argument in a shared folder", "./guard.sh " + filepath.Join(shared, "lib.sh"), "shared has mode 0777"},
		{"program not on the fixed PATH", "no-such-program-here ./guard.sh", "is not found on /usr/sbin:/usr/bin:/sbin:/bin"},
		{"NAME=value naming a shared file", "LIB=" + filepath.Join(shared, "lib.sh") + " ./guard.sh", "shared has mode 0777"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := config.Parse(filepath.Join(dir, "config.yaml"), []byte("hooks:\n  pre_tool_call:\n    - command: \""+tt.command+"\"\n"),
				config.Options{LookupEnv: config.SystemLookup("/root"), Layer: config.LayerSystem})
			if len(cfg.Hooks) != 1 {
				t.Fatalf("config problems: %v", cfg.Problems)
			}
			err := consent.CheckSystemHook(cfg.Hooks[0])
			if tt.want == "" {
				if err != nil {
					t.Fatalf("CheckSystemHook(%q) = %v, want in force", tt.command, err)
				}
				return
			}
			if !errors.Is(err, consent.ErrSystemHook) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("CheckSystemHook(%q) = %v, want it to say %q", tt.command, err, tt.want)
			}
		})
	}
}

func TestSystemEnv(t *testing.T) {
	env := config.SystemEnv("/home/ann")
	want := []string{"PATH=" + config.SystemPath, config.HomeVar + "=/home/ann"}
	if runtime.GOOS == "windows" {
		want = slices.Insert(want, 1, env[1]) // SystemRoot, from the known-folder API
		if !strings.HasPrefix(env[1], "SystemRoot=") {
			t.Fatalf("SystemEnv = %q, want SystemRoot second", env)
		}
	}
	if !slices.Equal(env, want) {
		t.Fatalf("SystemEnv = %q, want %q", env, want)
	}
	home := "/home/ann"
	if runtime.GOOS == "windows" {
		home = `C:\Users\ann`
	}
	lookup := config.SystemLookup(home)
	for _, name := range []string{"BASH_ENV", "ENV", "PYTHONPATH", "NODE_OPTIONS", "LD_PRELOAD", "HOOKCTL_HOME", "HOOKCTL_ACCEPT_HOOKS"} {
		t.Setenv(name, "/tmp/evil")
		if v, ok := lookup(name); ok {
			t.Errorf("SystemLookup(%s) = %q, want unset whatever the environment says", name, v)
		}
	}
	cfg := config.Parse("/etc/agent-hooks/config.yaml", []byte("hooks:\n  pre_tool_call:\n    - command: \"~/guard.sh $HOOKCTL_HOME\"\n"),
		config.Options{LookupEnv: lookup, Layer: config.LayerSystem})
	if got := cfg.Hooks[0].Argv; len(got) != 2 || filepath.Clean(got[0]) != filepath.Join(home, "guard.sh") || got[1] != "" {
		t.Fatalf("a system command expands to %q, want the person's HOME and nothing else", got)
	}
}

// TestLoadSystemAbsentOneStat: with no system folder, loading the system layer costs one
// failed stat and no other file system call (SPEC 23.13), counted with strace.
func TestLoadSystemAbsentOneStat(t *testing.T) {
	if os.Getenv("HOOKCTL_TEST_ONE_STAT") == "1" {
		os.Stdout.WriteString("<<begin>>\n")
		sys := consent.LoadSystem("/root", "pre_tool_call")
		os.Stdout.WriteString("<<end>>\n")
		if sys != nil {
			t.Fatalf("LoadSystem = %+v", sys)
		}
		return
	}
	if _, err := os.Stat(config.SystemDir); !errors.Is(err, os.ErrNotExist) {
		t.Skipf("%s exists on this machine: the absent case cannot be measured here", config.SystemDir)
	}
	strace, err := exec.LookPath("strace")
	if err != nil {
		t.Skip("strace is not installed")
	}
	trace := filepath.Join(t.TempDir(), "trace")
	cmd := exec.Command(strace, "-f", "-qq", "-o", trace, "-e", "trace=%file,%desc", "-e", "signal=none", os.Args[0],
		"-test.run", "^TestLoadSystemAbsentOneStat$", "-test.count=1")
	cmd.Env = append(os.Environ(), "HOOKCTL_TEST_ONE_STAT=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("strace cannot trace here: %v\n%s", err, out)
	}
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	var calls []string
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.Contains(line, "<<begin>>"):
			in = true
		case strings.Contains(line, "<<end>>"):
			in = false
		case in && line != "" && !strings.Contains(line, "resumed>") && !strings.Contains(line, " --- SIG") && !strings.Contains(line, "+++ "):
			calls = append(calls, line)
		}
	}
	if len(calls) != 1 || !strings.Contains(calls[0], config.SystemDir) || !strings.Contains(calls[0], "ENOENT") {
		t.Fatalf("loading an absent system layer made %d calls, want one failed stat of %s:\n%s", len(calls), config.SystemDir, strings.Join(calls, "\n"))
	}
}
