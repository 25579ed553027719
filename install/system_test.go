package install

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	toml "github.com/pelletier/go-toml/v2"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

// systemTarget is SystemTarget at path in a test folder: System off, since a test folder is
// not root's alone (the cmd tests check that in a mount namespace).
func systemTarget(t *testing.T, name, path string, managedOnly bool) Target {
	t.Helper()
	d, err := agent.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	tg, err := SystemTarget(d, testBin, managedOnly)
	if err != nil {
		t.Fatal(err)
	}
	tg.Path, tg.System = path, false
	// The entries as sh reads them, on every platform: windows_test.go has Windows' forms.
	tg.Command, tg.Shell, tg.Layout = CommandLine(testBin, name, RunFlags{System: true}), POSIX, layoutFor(d, "linux")
	if name == "codex" {
		tg.Layout = Requirements
	}
	return tg
}

func TestSystemFile(t *testing.T) {
	for _, name := range []string{"claude-code", "codex", "copilot", "gemini", "cursor", "windsurf"} {
		if name == "copilot" && runtime.GOOS == "windows" {
			continue // Copilot CLI documents no administrator file for Windows
		}
		d, _ := agent.Lookup(name)
		p, err := SystemFile(d)
		if err != nil || !filepath.IsAbs(p) {
			t.Errorf("SystemFile(%s) = %q, %v; want an absolute path", name, p, err)
		}
	}
	for _, name := range []string{"cline", "hermes", "kilo", "pi"} {
		d, _ := agent.Lookup(name)
		if _, err := SystemFile(d); !errors.Is(err, ErrNoSystemFile) {
			t.Errorf("SystemFile(%s) = %v, want ErrNoSystemFile", name, err)
		}
	}
	d, _ := agent.Lookup("cline")
	if _, err := SystemFile(d); !strings.Contains(err.Error(), "Cline has none") {
		t.Errorf("SystemFile(cline) = %v, want it to say Cline has none", err)
	}
}

// TestSystemCommand: the entries install --system writes carry --system, and are hookctl's.
func TestSystemCommand(t *testing.T) {
	for _, name := range []string{"claude-code", "copilot"} {
		if name == "copilot" && runtime.GOOS == "windows" {
			continue // Copilot CLI documents no administrator file for Windows
		}
		tg := systemTarget(t, name, "/x", false)
		w := Want{Event: "PreToolUse", Timeout: 65, Deadline: 65}
		if name == "copilot" {
			w.Event = "preToolUse"
		}
		cmd := EntryCommand(tg, w)
		if !strings.Contains(cmd, " run --agent "+name+" --system --deadline 65") {
			t.Fatalf("%s: system entry %q", name, cmd)
		}
		if !IsOwnCommand(cmd, name, "hookctl") {
			t.Fatalf("%s: IsOwnCommand(%q) = false", name, cmd)
		}
		if n, ok := OwnDeadline(cmd, name); !ok || n != 65 {
			t.Fatalf("%s: OwnDeadline(%q) = %d, %v", name, cmd, n, ok)
		}
	}
	for _, bad := range []string{"hookctl run --agent claude-code --system --system", "hookctl run --agent claude-code --deadline 5 --system"} {
		if IsOwnCommand(bad, "claude-code", "hookctl") {
			t.Errorf("IsOwnCommand(%q) = true", bad)
		}
	}
}

var codexWant = []Want{{Event: "PreToolUse", Timeout: 65, Deadline: 65}, {Event: "Stop", Timeout: 10, Deadline: 10}}

// TestRequirementsRoundTrip installs hookctl's managed hooks (with and without the switch) into
// Codex's requirements.toml as an administrator may have written it, and uninstall gives the
// file back byte for byte.
func TestRequirementsRoundTrip(t *testing.T) {
	for _, tt := range []struct{ name, before string }{
		{"no file", ""},
		{"empty", "\x00"},
		{"other requirements", "allowed_approval_policies = [\"untrusted\", \"on-request\"]\nallowed_sandbox_modes = [\"read-only\"]\n\n[features]\nhooks = true\n"},
		{"no final newline", "allowed_sandbox_modes = [\"read-only\"]"},
		{"blank lines at the end", "allowed_sandbox_modes = [\"read-only\"]\n\n\n"},
		{"own hooks table", "[hooks]\nmanaged_dir = \"/opt/managed\"\n\n[[hooks.PreToolUse]]\nmatcher = \"^Bash$\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"/opt/managed/audit.sh\"\n"},
		{"comment first", "# managed by the IT department\nallowed_web_search_modes = [\"disabled\"]\n"},
	} {
		for _, managedOnly := range []bool{false, true} {
			t.Run(tt.name, func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "requirements.toml")
				before := []byte(strings.TrimPrefix(tt.before, "\x00"))
				if tt.name != "no file" {
					if err := os.WriteFile(path, before, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				tg := systemTarget(t, "codex", path, managedOnly)
				r, err := Install(tg, codexWant, false)
				if err != nil {
					t.Fatal(err)
				}
				if len(r.Added) != 2 || !r.Changed {
					t.Fatalf("install report %+v", r)
				}
				data, _ := os.ReadFile(path)
				var doc struct {
					Only     *bool `toml:"allow_managed_hooks_only"`
					Hooks    map[string]any
					Features map[string]any
				}
				if err := toml.Unmarshal(data, &doc); err != nil {
					t.Fatalf("installed file does not parse: %v\n%s", err, data)
				}
				if (doc.Only != nil && *doc.Only) != managedOnly {
					t.Fatalf("allow_managed_hooks_only = %v with --managed-only %v:\n%s", doc.Only, managedOnly, data)
				}
				// A person's config.toml with [features] hooks = false must not turn the managed
				// hooks off: the requirement pins the feature on.
				if doc.Features["hooks"] != true {
					t.Fatalf("the installed file does not pin [features] hooks = true:\n%s", data)
				}
				if !strings.Contains(string(data), "command = \"'/opt/hook ctl/bin/hookctl' run --agent codex --system --deadline 65\"\ntimeout = 65\n") {
					t.Fatalf("no hookctl entry for PreToolUse:\n%s", data)
				}
				if r, err := Install(tg, codexWant, false); err != nil || r.Changed || len(r.Kept) != 2 {
					t.Fatalf("a second install = %+v, %v; want nothing changed", r, err)
				}
				r, err = Uninstall(tg, false)
				if err != nil {
					t.Fatal(err)
				}
				if len(r.Removed) != 2 {
					t.Fatalf("uninstall report %+v", r)
				}
				after, err := os.ReadFile(path)
				if tt.name == "no file" {
					if !errors.Is(err, os.ErrNotExist) {
						t.Fatalf("uninstall left %q where there was no file", after)
					}
				} else if string(after) != string(before) {
					t.Fatalf("uninstall gave\n%q\nwant\n%q", after, before)
				}
				if _, err := os.Stat(path + BackupSuffix); !errors.Is(err, os.ErrNotExist) {
					t.Fatalf("uninstall left the backup behind")
				}
			})
		}
	}
}

// TestRequirementsRefuses: a file hookctl's part would clash with is never written.
func TestRequirementsRefuses(t *testing.T) {
	for _, tt := range []struct{ name, before, want string }{
		{"switch off by the administrator", "allow_managed_hooks_only = false\n", "sets allow_managed_hooks_only = false"},
		{"inline array of the event", "[hooks]\nPreToolUse = []\n", "would clash"},
		{"not TOML", "allowed = [\n", "fix the file"},
		{"features without hooks", "[features]\nweb_search = true\n", "without hooks = true"},
		{"hooks feature off", "[features]\nhooks = false\n", "without hooks = true"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "requirements.toml")
			if err := os.WriteFile(path, []byte(tt.before), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Install(systemTarget(t, "codex", path, true), codexWant, false)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Install = %v, want an error saying %q", err, tt.want)
			}
			if data, _ := os.ReadFile(path); string(data) != tt.before {
				t.Fatalf("the file changed: %q", data)
			}
		})
	}
	// Already on: kept, and left on by uninstall.
	path := filepath.Join(t.TempDir(), "requirements.toml")
	before := "allow_managed_hooks_only = true\n"
	_ = os.WriteFile(path, []byte(before), 0o644)
	tg := systemTarget(t, "codex", path, true)
	if r, err := Install(tg, codexWant, false); err != nil || r.Switch != "" {
		t.Fatalf("Install = %+v, %v; want the administrator's switch left alone", r, err)
	}
	if _, err := Uninstall(tg, false); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); string(data) != before {
		t.Fatalf("uninstall gave %q", data)
	}
}

// TestManagedSwitchJSON: --managed-only sets Claude Code's allowManagedHooksOnly, a reinstall
// without it and uninstall put it back as it was.
func TestManagedSwitchJSON(t *testing.T) {
	want := []Want{{Event: "PreToolUse", Timeout: 65, Deadline: 65}}
	for _, before := range []string{"", "{\n  \"permissions\": {\n    \"deny\": [\"Bash(curl:*)\"]\n  }\n}\n", "{\n  \"allowManagedHooksOnly\": false,\n  \"env\": {}\n}\n"} {
		path := filepath.Join(t.TempDir(), "managed-settings.json")
		if before != "" {
			_ = os.WriteFile(path, []byte(before), 0o644)
		}
		r, err := Install(systemTarget(t, "claude-code", path, true), want, false)
		if err != nil || r.Switch != "set" {
			t.Fatalf("install --managed-only = %+v, %v", r, err)
		}
		data, _ := os.ReadFile(path)
		if !strings.Contains(string(data), `"allowManagedHooksOnly": true`) {
			t.Fatalf("no switch:\n%s", data)
		}
		if r, err := Install(systemTarget(t, "claude-code", path, false), want, false); err != nil || r.Switch != "restored" {
			t.Fatalf("install without --managed-only = %+v, %v", r, err)
		}
		if r, err := Install(systemTarget(t, "claude-code", path, true), want, false); err != nil || r.Switch != "set" {
			t.Fatalf("install --managed-only again = %+v, %v", r, err)
		}
		if _, err := Uninstall(systemTarget(t, "claude-code", path, false), false); err != nil {
			t.Fatal(err)
		}
		after, err := os.ReadFile(path)
		if before == "" && !errors.Is(err, os.ErrNotExist) || before != "" && string(after) != before {
			t.Fatalf("uninstall gave %q (%v), want %q", after, err, before)
		}
	}
}

// TestHooksPinJSON: install --system pins Claude Code's disableAllHooks to false in the managed
// settings (the policy tier outweighs a person's true), an administrator's own true included,
// and uninstall puts the file back byte for byte.
func TestHooksPinJSON(t *testing.T) {
	want := []Want{{Event: "PreToolUse", Timeout: 65, Deadline: 65}}
	for _, before := range []string{"", "{\n  \"env\": {}\n}\n", "{\n  \"disableAllHooks\": false\n}\n"} {
		t.Run(before, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "managed-settings.json")
			if before != "" {
				_ = os.WriteFile(path, []byte(before), 0o644)
			}
			r, err := Install(systemTarget(t, "claude-code", path, false), want, false)
			if err != nil || r.Pin != "set" && !strings.Contains(before, "disableAllHooks") {
				t.Fatalf("install --system = %+v, %v", r, err)
			}
			data, _ := os.ReadFile(path)
			if !strings.Contains(string(data), `"disableAllHooks": false`) || strings.Contains(string(data), `"disableAllHooks": true`) {
				t.Fatalf("no pin:\n%s", data)
			}
			if r, err := Install(systemTarget(t, "claude-code", path, false), want, false); err != nil || r.Pin != "" {
				t.Fatalf("install again = %+v, %v", r, err)
			}
			if _, err := Uninstall(systemTarget(t, "claude-code", path, false), false); err != nil {
				t.Fatal(err)
			}
			after, err := os.ReadFile(path)
			if before == "" && !errors.Is(err, os.ErrNotExist) || before != "" && string(after) != before {
				t.Fatalf("uninstall gave %q (%v), want %q", after, err, before)
			}
		})
	}
}

// An administrator's own "disableAllHooks": true is refused, the file left as it was.
func TestHooksPinRefusesAdministratorsSwitch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "managed-settings.json")
	before := "{\n  \"disableAllHooks\": true\n}\n"
	_ = os.WriteFile(path, []byte(before), 0o644)
	_, err := Install(systemTarget(t, "claude-code", path, false), []Want{{Event: "PreToolUse", Timeout: 65, Deadline: 65}}, false)
	if err == nil || !strings.Contains(err.Error(), "sets disableAllHooks = true") {
		t.Fatalf("install over an administrator's disableAllHooks: %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != before {
		t.Fatalf("the file changed: %q", data)
	}
}

// Gemini CLI's system settings pin hooksConfig.enabled; an administrator's own hooksConfig that
// says otherwise is refused.
func TestHooksPinGemini(t *testing.T) {
	want := []Want{{Event: "BeforeTool", Timeout: 65000, Deadline: 65}}
	path := filepath.Join(t.TempDir(), "settings.json")
	r, err := Install(systemTarget(t, "gemini", path, false), want, false)
	if err != nil || r.Pin != "set" {
		t.Fatalf("install --system gemini = %+v, %v", r, err)
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), `"hooksConfig": {`) || !strings.Contains(string(data), `"enabled": true`) {
		t.Fatalf("no pin:\n%s", data)
	}
	if _, err := Uninstall(systemTarget(t, "gemini", path, false), false); err != nil {
		t.Fatal(err)
	}
	before := "{\n  \"hooksConfig\": {\"enabled\": false}\n}\n"
	_ = os.WriteFile(path, []byte(before), 0o644)
	if _, err := Install(systemTarget(t, "gemini", path, false), want, false); err == nil || !strings.Contains(err.Error(), `set it to {"enabled":true} there`) {
		t.Fatalf("install over an administrator's hooksConfig: %v", err)
	}
}

// TestHooksPinDroid: install --system pins Factory Droid's hooks.hooksDisabled to false in the
// hooks object beside hookctl's entries (a person's own hooksDisabled: true would otherwise turn
// the managed hooks off too), refuses an administrator's own true, and uninstall gives back
// the file as it was, byte for byte.
func TestHooksPinDroid(t *testing.T) {
	want := []Want{{Event: "PreToolUse", Timeout: 65, Deadline: 65}}
	for _, tc := range []struct{ name, before, refused string }{
		{name: "no file"},
		{name: "other keys", before: "{\n  \"allowManagedHooksOnly\": false\n}\n"},
		{name: "administrator's hooks", before: "{\n  \"hooks\": {\n    \"SessionEnd\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"true\"}]}]\n  }\n}\n"},
		{name: "administrator's false", before: "{\n  \"hooks\": {\"hooksDisabled\": false}\n}\n"},
		{name: "administrator's true", before: "{\n  \"hooks\": {\"hooksDisabled\": true}\n}\n", refused: "sets hooks.hooksDisabled = true"},
		{name: "hooks not an object", before: "{\n  \"hooks\": []\n}\n", refused: `"hooks" is an array`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "settings.json")
			if tc.before != "" {
				_ = os.WriteFile(path, []byte(tc.before), 0o644)
			}
			r, err := Install(systemTarget(t, "droid", path, false), want, false)
			if tc.refused != "" {
				if err == nil || !strings.Contains(err.Error(), tc.refused) {
					t.Fatalf("install --system droid over %q: %v, want %q", tc.before, err, tc.refused)
				}
				if data, _ := os.ReadFile(path); string(data) != tc.before {
					t.Fatalf("the refused file changed: %q", data)
				}
				return
			}
			if err != nil {
				t.Fatalf("install --system droid = %+v, %v", r, err)
			}
			data, _ := os.ReadFile(path)
			var doc struct {
				Hooks map[string]json.RawMessage `json:"hooks"`
			}
			if err := json.Unmarshal(data, &doc); err != nil || string(doc.Hooks["hooksDisabled"]) != "false" || doc.Hooks["PreToolUse"] == nil {
				t.Fatalf("no hooks.hooksDisabled false beside the entries (%v):\n%s", err, data)
			}
			if r, err := Install(systemTarget(t, "droid", path, false), want, false); err != nil || r.Pin != "" || len(r.Added) != 0 {
				t.Fatalf("install again = %+v, %v", r, err)
			}
			if _, err := Uninstall(systemTarget(t, "droid", path, false), false); err != nil {
				t.Fatal(err)
			}
			after, err := os.ReadFile(path)
			if tc.before == "" && !errors.Is(err, os.ErrNotExist) || tc.before != "" && string(after) != tc.before {
				t.Fatalf("uninstall gave %q (%v), want %q", after, err, tc.before)
			}
		})
	}
}

// TestSystemFileWindows: on Windows, Droid's administrator file is under the Program Files
// known folder (0.225.2 reads C:\Program Files\Factory\settings.json), the others' under
// ProgramData's.
func TestSystemFileWindows(t *testing.T) {
	if runtime.GOOS != "windows" {
		t.Skip("the known folders are Windows'")
	}
	for _, tc := range []struct{ agent, base, rel string }{
		{"droid", programFiles(), `Factory\settings.json`},
		{"qwen-code", filepath.Dir(config.SystemDir), `qwen-code\settings.json`},
	} {
		t.Run(tc.agent, func(t *testing.T) {
			d, err := agent.Lookup(tc.agent)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := systemFile(d, "windows"), filepath.Join(tc.base, tc.rel); tc.base == "" || got != want {
				t.Fatalf("systemFile = %q, want %q", got, want)
			}
		})
	}
}
