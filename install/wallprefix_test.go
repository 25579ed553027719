package install

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

const (
	wallBin  = "/opt/hookctl/bin/hookctl"
	wallHome = "/home/p/.agent-hooks"
)

// noWallOnWindows skips a test of the prefix on Windows, which has no wall (and whose paths
// the prefix cannot carry): install --wall refuses there before any prefix is made.
func noWallOnWindows(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no wall on Windows")
	}
}

// wallTarget is the person's Claude Code target with the wall's prefix in mode.
func wallTarget(t *testing.T, path string, mode WallMode) Target {
	t.Helper()
	tg := target(t, "claude-code", path)
	prefix, err := WallPrefix(wallBin, wallHome)
	if err != nil {
		t.Fatal(err)
	}
	tg.Wall, tg.WallMode = prefix, mode
	return tg
}

// TestWallPrefixRoundTrip: install --wall writes env.CLAUDE_CODE_SHELL_PREFIX, keeping every
// other byte and an env object's other keys; a reinstall without --wall keeps it; uninstall
// puts the file back byte for byte (or removes the file install created).
func TestWallPrefixRoundTrip(t *testing.T) {
	noWallOnWindows(t)
	want := []Want{{Event: "PreToolUse", Timeout: 65, Deadline: 65}}
	for name, before := range map[string]string{
		"no file":   "",
		"other":     "{\n    \"permissions\": {\"deny\": [\"Bash(curl:*)\"]},\n    \"model\": \"opus\"\n}\n",
		"env":       "{\n  \"env\": {\n    \"FOO\": \"1\"\n  },\n  \"model\": \"opus\"\n}\n",
		"empty env": "{\"env\": {}, \"model\": \"opus\"}",
		"hooks":     "{\n  \"hooks\": {\n    \"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"say done\"}]}]\n  }\n}\n",
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "settings.json")
			if before != "" {
				_ = os.WriteFile(path, []byte(before), 0o600)
			}
			r, err := Install(wallTarget(t, path, WallSet), want, false)
			if err != nil || r.Wall != "set" {
				t.Fatalf("install --wall = %+v, %v", r, err)
			}
			data, _ := os.ReadFile(path)
			got, ok := jsonString(t, data, "env", ShellPrefixVar)
			if !ok || got != wallBin+" --wall-shell="+wallHome {
				t.Fatalf("prefix = %q, %v in\n%s", got, ok, data)
			}
			if strings.Contains(before, `"FOO"`) && !strings.Contains(string(data), `"FOO": "1"`) {
				t.Fatalf("env lost FOO:\n%s", data)
			}
			for _, mode := range []WallMode{WallKeep, WallSet} {
				if r, err := Install(wallTarget(t, path, mode), want, false); err != nil || r.Changed || r.Wall != "" {
					t.Fatalf("install again (mode %d) = %+v, %v", mode, r, err)
				}
			}
			if r, err := Uninstall(target(t, "claude-code", path), false); err != nil || r.Wall != "removed" {
				t.Fatalf("uninstall = %+v, %v", r, err)
			}
			after, err := os.ReadFile(path)
			if before == "" && !errors.Is(err, os.ErrNotExist) || before != "" && string(after) != before {
				t.Fatalf("uninstall gave %q (%v), want %q", after, err, before)
			}
		})
	}
}

// --no-wall takes the prefix out and leaves hookctl's entries; the env object install made goes
// with it, one the person had stays.
func TestWallPrefixDrop(t *testing.T) {
	noWallOnWindows(t)
	want := []Want{{Event: "PreToolUse", Timeout: 65, Deadline: 65}}
	for _, before := range []string{"", "{\n  \"env\": {\n    \"FOO\": \"1\"\n  }\n}\n"} {
		path := filepath.Join(t.TempDir(), "settings.json")
		if before != "" {
			_ = os.WriteFile(path, []byte(before), 0o600)
		}
		if _, err := Install(wallTarget(t, path, WallSet), want, false); err != nil {
			t.Fatal(err)
		}
		r, err := Install(wallTarget(t, path, WallDrop), want, false)
		if err != nil || r.Wall != "removed" || len(r.Kept) != 1 {
			t.Fatalf("install --no-wall = %+v, %v", r, err)
		}
		data, _ := os.ReadFile(path)
		if strings.Contains(string(data), ShellPrefixVar) || strings.Contains(string(data), `"env"`) != (before != "") {
			t.Fatalf("after --no-wall:\n%s", data)
		}
	}
}

// A prefix of the person's own is neither replaced by install --wall nor taken out by
// uninstall; an env that is not an object is refused, the file unchanged.
func TestWallPrefixKeepsOthers(t *testing.T) {
	noWallOnWindows(t)
	want := []Want{{Event: "PreToolUse", Timeout: 65, Deadline: 65}}
	for name, tc := range map[string]struct{ before, err string }{
		"own prefix":    {"{\n  \"env\": {\"CLAUDE_CODE_SHELL_PREFIX\": \"/usr/bin/time\"}\n}\n", `sets env.CLAUDE_CODE_SHELL_PREFIX = "/usr/bin/time"`},
		"other hookctl": {"{\"env\": {\"CLAUDE_CODE_SHELL_PREFIX\": \"/x/other --wall-shell=/h\"}}", "does not replace"},
		"env array":     {"{\"env\": []}", "env holds an array"},
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "settings.json")
			_ = os.WriteFile(path, []byte(tc.before), 0o600)
			if _, err := Install(wallTarget(t, path, WallSet), want, false); err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("install --wall: %v, want %q", err, tc.err)
			}
			if data, _ := os.ReadFile(path); string(data) != tc.before {
				t.Fatalf("the file changed: %q", data)
			}
			if _, err := Install(target(t, "claude-code", path), want, false); err != nil {
				t.Fatal(err)
			}
			if _, err := Uninstall(target(t, "claude-code", path), false); err != nil {
				t.Fatal(err)
			}
			if data, _ := os.ReadFile(path); string(data) != tc.before {
				t.Fatalf("uninstall changed the person's prefix: %q", data)
			}
		})
	}
}

func TestWallPrefix(t *testing.T) {
	noWallOnWindows(t)
	for _, tc := range []struct {
		bin, home string
		ok        bool
	}{
		{wallBin, wallHome, true},
		{"/opt/hook ctl/hookctl", wallHome, false},
		{wallBin, "/home/p q/.agent-hooks", false},
		{wallBin, "/home/p/x -y", false},
		{"/opt/it's/hookctl", wallHome, false},
		{wallBin, `/home/"p"`, false},
		{"hookctl", wallHome, false},
	} {
		t.Run(tc.bin+"|"+tc.home, func(t *testing.T) {
			p, err := WallPrefix(tc.bin, tc.home)
			if (err == nil) != tc.ok {
				t.Fatalf("WallPrefix = %q, %v", p, err)
			}
			if tc.ok && !IsWallPrefix(p, "hookctl") {
				t.Fatalf("%q is not recognised as hookctl's", p)
			}
		})
	}
	for _, v := range []string{"/usr/bin/time", "hookctl --wall-shell=/h", "/x/hookctl --wall-shell=", "/x/other --wall-shell=/h", "/x/hookctl --wall-shell=/h -c"} {
		if IsWallPrefix(v, "hookctl") {
			t.Errorf("IsWallPrefix(%q) = true", v)
		}
	}
}

// jsonString is the string at the keys of the JSON text data.
func jsonString(t *testing.T, data []byte, keys ...string) (string, bool) {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%v in\n%s", err, data)
	}
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return "", false
		}
		v = m[k]
	}
	s, ok := v.(string)
	return s, ok
}
