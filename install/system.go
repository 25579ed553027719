package install

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/hookctl/hookctl/agent"
)

// The system level's wiring (SPEC 18.2): `install --system AGENT` writes hookctl's entries
// into the agent's own administrator file, which the agent reads before (and, with its
// managed-only switch, instead of) the person's files, and which only root can change. The
// entries are the same as for the person, with `--system` in their command, and the same
// planner and writers edit them: the system targets are other paths.

// ErrNoSystemFile marks an agent that reads no administrator file hookctl could wire.
var ErrNoSystemFile = errors.New("no administrator file")

// systemFiles are the administrator files of the agents on this platform (system_*.go): a
// missing agent has none.
//
//	claude-code  managed-settings.json, Claude Code's managed settings
//	codex        requirements.toml, inline [hooks] beside Codex's other requirements
//	copilot      a policy hook file of its own in policy.d
//	gemini       the system settings.json, which overrides the person's
//	cursor       the enterprise hooks.json
//	windsurf     the system-level hooks.json
//
// Cline reads hooks only from folders the person owns: it has none.

// SystemFile is the agent's administrator file on this platform.
func SystemFile(d *agent.Dialect) (string, error) {
	if p, ok := systemFiles[d.Name]; ok {
		return p, nil
	}
	switch {
	case d.Name == "cline":
		return "", fmt.Errorf("%w: Cline has none: it runs hooks only from the person's own folders (~/Documents/Cline/Hooks, a project's .clinerules/hooks), which the person can change, so no system wiring can hold there", ErrNoSystemFile)
	case d.SettingsFile == "":
		return "", fmt.Errorf("%w: %s calls hookctl itself and has no settings file to wire", ErrNoSystemFile, d.Name)
	}
	return "", fmt.Errorf("%w: hookctl knows no administrator file of %s on this platform", ErrNoSystemFile, d.Title)
}

// ManagedSwitch is the key of the agent's administrator file that makes it ignore every hook
// that is not managed (install --managed-only), "" where the agent has none.
func ManagedSwitch(d *agent.Dialect) string {
	switch d.Name {
	case "claude-code":
		return "allowManagedHooksOnly"
	case "codex":
		return "allow_managed_hooks_only"
	}
	return ""
}

// HooksPin is the top-level key of the agent's administrator file, and its value, that keeps
// the agent's hooks on whatever the person's own settings say (SPEC 24.3), "" where the agent
// has none hookctl writes there. Claude Code (2.1.197): its hooks are taken from the merged
// settings, in which the policy tier wins, unless disableAllHooks is true there; a policy
// "disableAllHooks": false therefore outweighs the person's true, and every hook, the person's
// too, keeps running (from the code; the e2e will assert). Gemini CLI (0.61.0) deep-merges
// its settings with the system file last, so the system's hooksConfig.enabled true wins over a
// person's false; its disabled list merges with the person's, so no pin undoes a person's entry
// naming hookctl there (doctor reports that). Codex's pin, [features] hooks = true, is written
// with the requirements (requirements.go).
func HooksPin(d *agent.Dialect) (key string, value any) {
	switch d.Name {
	case "claude-code":
		return "disableAllHooks", false
	case "gemini":
		return "hooksConfig", map[string]any{"enabled": true}
	}
	return "", nil
}

// checkPin refuses to pin over an administrator's own value of the pin's key: the one the file
// held before hookctl first wrote it (its backup), or holds now when hookctl never did.
// hookctl does not change an administrator's own setting.
func (s *settings) checkPin(t Target, b backup) error {
	if !t.PinOn || s.root.kind != '{' {
		return nil
	}
	n, data := s.root.get(t.Pin), s.data
	if b.ok {
		n, data = nil, b.data
		if b.prior != nil {
			n = b.prior.get(t.Pin)
		}
	}
	want, err := json.Marshal(t.PinValue)
	if n == nil || err != nil || string(data[n.start:n.end]) == string(want) {
		return nil
	}
	return fmt.Errorf("%s sets %s = %s: hookctl does not change an administrator's own setting, which could switch the agent's hooks off, hookctl's included; set it to %s there, or remove it, then run the command again",
		t.Path, t.Pin, data[n.start:n.end], want)
}

// SystemTarget is the target `install --system` edits for the agent: its administrator file,
// entries that run the hookctl at bin with --system, written mode 0644 (every person's agent
// reads it; only root writes it), and with managedOnly the agent's managed-only switch set
// (ManagedSwitch). The caller checks that bin is root's alone.
func SystemTarget(d *agent.Dialect, bin string, managedOnly bool) (Target, error) {
	path, err := SystemFile(d)
	if err != nil {
		return Target{}, err
	}
	// --system tells the run it came from the managed wiring; no location of a person's.
	t := TargetFor(d, path, bin, RunFlags{System: true})
	t.System, t.Mode = true, 0o644
	t.Switch, t.SwitchOn = ManagedSwitch(d), managedOnly
	t.Pin, t.PinValue = HooksPin(d)
	t.PinOn = t.Pin != ""
	if d.Name == "codex" {
		t.Layout = Requirements
	}
	return t, nil
}

// fileMode is the mode a file the target creates is written with.
func (t Target) fileMode() fs.FileMode {
	if t.Mode != 0 {
		return t.Mode
	}
	return 0o600
}

// setSwitch sets the managed-only switch key of the file to true (on), or puts it back as the
// backup shows it was before hookctl first wrote the file (no backup: left as it is).
func (s *settings) setSwitch(key string, on bool, b backup, r *Report) error {
	return s.setKey(key, true, on, b, &r.Switch)
}

// setKey sets a top-level key of the file to value (on), or puts it back as the backup shows
// it was before hookctl first wrote the file (no backup: left as it is); *changed says "set"
// or "restored" when it did either.
func (s *settings) setKey(key string, value any, on bool, b backup, changed *string) error {
	if s.root.kind != '{' {
		return s.problem(s.root, "the file holds %s, not an object", s.root.kindName())
	}
	cur := s.root.get(key)
	text := func(n *node) string { return string(s.data[n.start:n.end]) }
	if on {
		want, err := json.Marshal(value)
		if err != nil {
			return err
		}
		switch {
		case cur != nil && text(cur) == string(want):
			return nil
		case cur != nil:
			*changed = "set"
			return s.replace(cur, value)
		}
		*changed = "set"
		return s.add(s.root, key, value)
	}
	if !b.ok {
		return nil
	}
	var prior *node
	if b.prior != nil {
		prior = b.prior.get(key)
	}
	switch {
	case prior == nil && cur == nil:
		return nil
	case prior == nil:
		*changed = "restored"
		return s.remove(s.root, s.root.index(key))
	case cur == nil:
		*changed = "restored"
		return s.add(s.root, key, json.RawMessage(b.data[prior.start:prior.end]))
	case text(cur) != string(b.data[prior.start:prior.end]):
		*changed = "restored"
		return s.replace(cur, json.RawMessage(b.data[prior.start:prior.end]))
	}
	return nil
}

// windowsSystemFiles are the agents' administrator files on Windows, under programData; none
// when Windows named no ProgramData folder.
func windowsSystemFiles(programData string) map[string]string {
	if programData == "" || programData == "." {
		return map[string]string{}
	}
	return map[string]string{
		"claude-code": filepath.Join(programData, "ClaudeCode", "managed-settings.json"),
		"codex":       filepath.Join(programData, "OpenAI", "Codex", "requirements.toml"),
		"gemini":      filepath.Join(programData, "gemini-cli", "settings.json"),
		"cursor":      filepath.Join(programData, "Cursor", "hooks.json"),
		"windsurf":    filepath.Join(programData, "Windsurf", "hooks.json"),
	}
}
