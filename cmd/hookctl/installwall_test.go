package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/internal/agentenv"
	"github.com/hookctl/hookctl/wall"
)

// wallHome is a person's home folder with hookctl's starter config in it.
type wallHome struct {
	t        *testing.T
	home     string
	settings string
	memory   string
}

func newWallHome(t *testing.T, home string) wallHome {
	t.Helper()
	h := wallHome{t: t, home: home, settings: filepath.Join(home, ".claude", "settings.json"),
		memory: install.MemoryPath(filepath.Join(home, ".agent-hooks"))}
	if code, _, errOut := h.run(wall.Status{}, "init"); code != 0 {
		t.Fatalf("init: exit %d: %s", code, errOut)
	}
	return h
}

// run runs hookctl ARGS with the wall going up as st says.
func (h wallHome) run(st wall.Status, args ...string) (code int, stdout, stderr string) {
	env := map[string]string{config.HomeVar: h.home, "PATH": os.Getenv("PATH")}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	var out, errOut bytes.Buffer
	a := newApp(bytes.NewReader(nil), &out, &errOut, lookup)
	a.procs = belowTestBinary(agentenv.ReadProcess)
	a.detectWall = func() wall.Status { return st }
	code = a.execute(args)
	return code, out.String(), errOut.String()
}

func (h wallHome) walls() []install.WallWired {
	h.t.Helper()
	w, err := install.LoadWalls(h.memory)
	if err != nil {
		h.t.Fatal(err)
	}
	return w
}

// prefix is CLAUDE_CODE_SHELL_PREFIX in the person's Claude Code settings, "" for none.
func (h wallHome) prefix() string {
	h.t.Helper()
	data, err := os.ReadFile(h.settings)
	if errors.Is(err, os.ErrNotExist) {
		return ""
	}
	var v struct {
		Env map[string]string `json:"env"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		h.t.Fatalf("%v in\n%s", err, data)
	}
	return v.Env[install.ShellPrefixVar]
}

var (
	wallUpABI7  = wall.Status{State: wall.Up, ABI: 7}
	wallPartial = wall.Status{State: wall.Partial, ABI: 3}
)

// TestInstallWall: --wall writes Claude Code's prefix once the wall goes up here and records
// the ABI; a reinstall keeps it; uninstall takes it out with the file install created.
func TestInstallWall(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no wall on Windows: install --wall refuses there (TestInstallWallRefused)")
	}
	for name, st := range map[string]wall.Status{"up": wallUpABI7, "partial": wallPartial} {
		t.Run(name, func(t *testing.T) {
			h := newWallHome(t, t.TempDir())
			if code, _, errOut := h.run(st, "install", "claude-code", "--wall"); code != 0 {
				t.Fatalf("install --wall: exit %d: %s", code, errOut)
			}
			home, _ := filepath.Abs(filepath.Join(h.home, ".agent-hooks"))
			if p := h.prefix(); !strings.HasSuffix(p, " --wall-shell="+home) || !filepath.IsAbs(strings.Fields(p)[0]) {
				t.Fatalf("prefix = %q", p)
			}
			if w := h.walls(); len(w) != 1 || w[0].Agent != "claude-code" || w[0].ABI != st.ABI || w[0].File != h.settings {
				t.Fatalf("wiring memory's walls = %+v", w)
			}
			if code, _, errOut := h.run(st, "install", "claude-code"); code != 0 || h.prefix() == "" || len(h.walls()) != 1 {
				t.Fatalf("install again: exit %d (%s), prefix %q, walls %+v", code, errOut, h.prefix(), h.walls())
			}
			if code, _, errOut := h.run(st, "uninstall", "claude-code"); code != 0 {
				t.Fatalf("uninstall: exit %d: %s", code, errOut)
			}
			if _, err := os.Stat(h.settings); !errors.Is(err, os.ErrNotExist) || len(h.walls()) != 0 {
				t.Fatalf("after uninstall: settings %v, walls %+v", err, h.walls())
			}
		})
	}
}

// --no-wall takes the prefix out, keeps hookctl's entries and forgets the wall.
func TestInstallNoWall(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no wall on Windows: install --wall refuses there (TestInstallWallRefused)")
	}
	h := newWallHome(t, t.TempDir())
	if code, _, errOut := h.run(wallUpABI7, "install", "claude-code", "--wall"); code != 0 {
		t.Fatalf("install --wall: exit %d: %s", code, errOut)
	}
	if code, _, errOut := h.run(wall.Status{}, "install", "claude-code", "--no-wall"); code != 0 {
		t.Fatalf("install --no-wall: exit %d: %s", code, errOut)
	}
	data, _ := os.ReadFile(h.settings)
	if h.prefix() != "" || strings.Contains(string(data), `"env"`) || !strings.Contains(string(data), "PreToolUse") || len(h.walls()) != 0 {
		t.Fatalf("after --no-wall: walls %+v\n%s", h.walls(), data)
	}
}

// Where the wall cannot go up, --wall refuses with the reason and writes nothing.
func TestInstallWallRefused(t *testing.T) {
	for name, tc := range map[string]struct {
		st   wall.Status
		want string
	}{
		"no landlock": {wall.Status{State: wall.Unavailable, Reason: "this kernel has no Landlock"}, "the wall cannot go up on this machine: this kernel has no Landlock"},
		"abi 2":       {wall.Status{State: wall.Unavailable, ABI: 2, Reason: "Landlock ABI 2 cannot refuse truncating"}, "Landlock ABI 2 cannot refuse truncating"},
		"built only":  {wall.Status{State: wall.Up}, "built only"},
	} {
		t.Run(name, func(t *testing.T) {
			h := newWallHome(t, t.TempDir())
			code, _, errOut := h.run(tc.st, "install", "claude-code", "--wall")
			if code != exitFailure || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if _, err := os.Stat(h.settings); !errors.Is(err, os.ErrNotExist) || len(h.walls()) != 0 {
				t.Fatalf("something was written: settings %v, walls %+v", err, h.walls())
			}
		})
	}
}

// --wall goes only into the person's own Claude Code wiring, and only through paths the prefix
// can carry.
func TestInstallWallWhereNot(t *testing.T) {
	for name, tc := range map[string]struct {
		args []string
		code int
		want string
	}{
		"project":         {[]string{"install", "claude-code", "--project", "--wall"}, exitUsage, "never into a project's committed one"},
		"system":          {[]string{"install", "claude-code", "--system", "--wall"}, exitUsage, "never into the administrator's file"},
		"copilot":         {[]string{"install", "copilot", "--wall"}, exitUsage, "Copilot CLI is not proven to run behind the wall"},
		"windsurf":        {[]string{"install", "windsurf", "--wall"}, exitUsage, "is not proven to run behind the wall"},
		"both":            {[]string{"install", "claude-code", "--wall", "--no-wall"}, exitUsage, "give one"},
		"no-wall project": {[]string{"install", "claude-code", "--project", "--no-wall"}, exitUsage, "--no-wall goes into"},
	} {
		t.Run(name, func(t *testing.T) {
			h := newWallHome(t, t.TempDir())
			t.Chdir(h.home)
			code, _, errOut := h.run(wallUpABI7, tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if _, err := os.Stat(h.settings); !errors.Is(err, os.ErrNotExist) {
				t.Fatalf("settings written: %v", err)
			}
		})
	}
	t.Run("blank in the home", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "my home")
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		h := newWallHome(t, dir)
		code, _, errOut := h.run(wallUpABI7, "install", "claude-code", "--wall")
		if code != exitFailure || !strings.Contains(errOut, "holds a blank") {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if _, err := os.Stat(h.settings); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("settings written: %v", err)
		}
	})
}

// doctor says whether Claude Code's commands are wired behind the wall and whether the wall
// goes up here; a wired wall that cannot go up, or whose prefix was edited out, is an error.
func TestDoctorWall(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no wall on Windows: install --wall refuses there (TestInstallWallRefused)")
	}
	h := newWallHome(t, t.TempDir())
	if code, _, errOut := h.run(wallUpABI7, "hooks", "approve", "--all"); code != 0 {
		t.Fatalf("approve: exit %d: %s", code, errOut)
	}
	if code, _, errOut := h.run(wallUpABI7, "install", "claude-code", "--wall"); code != 0 {
		t.Fatalf("install --wall: exit %d: %s", code, errOut)
	}
	code, healthy, _ := h.run(wallUpABI7, "hooks", "doctor")
	if code != 0 || !strings.Contains(healthy, "Claude Code: wired to run its commands behind the wall; the wall goes up here (up, Landlock ABI 7)") {
		t.Fatalf("doctor with the wall up: exit %d\n%s", code, healthy)
	}
	// In this order: the last case edits the settings.
	for _, tc := range []struct {
		name string
		st   wall.Status
		edit func()
		want string
	}{
		{name: "cannot go up", st: wall.Status{State: wall.Unavailable, Reason: "this kernel has no Landlock"},
			want: "runs each of its commands behind the wall, which cannot go up on this machine: this kernel has no Landlock; its commands and hooks fail until it can"},
		{name: "partial", st: wall.Status{State: wall.Partial, ABI: 4, Lacks: []string{"signals to processes outside the wall"}},
			want: "warning  the wall is partial on this machine (Landlock ABI 4): it cannot refuse signals"},
		{name: "edited out", st: wallUpABI7, edit: func() {
			data, _ := os.ReadFile(h.settings)
			var v map[string]any
			_ = json.Unmarshal(data, &v)
			delete(v, "env")
			data, _ = json.Marshal(v)
			_ = os.WriteFile(h.settings, data, 0o600)
		}, want: "the wall's prefix (env.CLAUDE_CODE_SHELL_PREFIX) is gone from"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.edit != nil {
				tc.edit()
			}
			code, out, _ := h.run(tc.st, "hooks", "doctor")
			if !strings.Contains(strings.Join(strings.Fields(out), " "), strings.Join(strings.Fields(tc.want), " ")) {
				t.Fatalf("doctor exit %d:\n%s", code, out)
			}
			if strings.HasPrefix(tc.want, "warning") != (code == 0) {
				t.Fatalf("doctor exit %d:\n%s", code, out)
			}
		})
	}
}
