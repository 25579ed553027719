package install

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"

	toml "github.com/pelletier/go-toml/v2"

	"github.com/hookctl/hookctl/config"
)

// Codex's administrator file, requirements.toml, holds managed hooks inline (Codex's
// ManagedHooksRequirementsToml, codex-rs/config/src/hook_config.rs): a [hooks] table with
// managed_dir (older Codex releases skip managed hooks without an existing managed_dir) and
// one [[hooks.EVENT]] matcher group per event, each with [[hooks.EVENT.hooks]] handlers
// {type = "command", command, timeout (seconds)}; the top-level allow_managed_hooks_only
// makes Codex ignore every hook that is not managed. [features] hooks = true pins Codex's hooks
// feature on (a requirement the person's config.toml cannot lift: `[features] hooks = false`
// there turns managed hooks off too, as the e2e showed with Codex 0.169.0). hookctl writes its part as two blocks
// between marker comments, the switch at the top of the file (a top-level key must come
// before any table) and the hooks at its end, and takes out exactly those bytes again, so
// install then uninstall gives back the file byte for byte. A go-toml parse of the result
// checks every edit: a file hookctl's tables would clash with is not written.

const (
	reqHooksBegin  = "# >>> hookctl hooks: written by `hookctl install --system codex`; `hookctl uninstall --system codex` removes them\n"
	reqHooksEnd    = "# <<< hookctl hooks\n"
	reqSwitchBegin = "# >>> hookctl switch: written by `hookctl install --system codex --managed-only`\n"
	reqSwitchEnd   = "# <<< hookctl switch\n"
	reqSwitchKey   = "allow_managed_hooks_only"
)

// applyRequirements is apply for Codex's requirements.toml.
func applyRequirements(t Target, want []Want, uninstall, dryRun bool) (Report, error) {
	r := Report{Agent: t.Agent, File: t.Path, DryRun: dryRun, Added: []Change{}, Updated: []Change{}, Kept: []Change{}, Removed: []Change{}}
	old, fi, err := readSettings(t.Path)
	if err != nil {
		return r, err
	}
	base, hooksBlock, hadSwitch, err := splitRequirements(old)
	if err != nil {
		return r, fmt.Errorf("%s: %w", t.Path, err)
	}
	var doc map[string]any
	if err := toml.Unmarshal(base, &doc); err != nil {
		return r, fmt.Errorf("%s: %v (fix the file, then run the command again)", t.Path, err)
	}
	if feats, ok := doc["features"]; ok && !uninstall && len(want) > 0 {
		if m, _ := feats.(map[string]any); m["hooks"] != true {
			return r, fmt.Errorf("%s has a [features] table of its own without hooks = true: the person's config.toml could then turn Codex's hooks, managed ones too, off; add hooks = true to it, then run the command again", t.Path)
		}
	}
	oldEntries, _ := requirementEntries(hooksBlock)
	compareEntries(t, oldEntries, want, &r)
	switchOn := t.SwitchOn && t.Switch != "" && !uninstall
	if v, ok := doc[reqSwitchKey]; ok && switchOn {
		if v != true {
			return r, fmt.Errorf("%s sets %s = %v: hookctl does not change an administrator's own setting; set it to true there, or leave out --managed-only", t.Path, reqSwitchKey, v)
		}
		switchOn = false // already on, and not hookctl's
	}
	switch {
	case switchOn && !hadSwitch:
		r.Switch = "set"
	case !switchOn && hadSwitch:
		r.Switch = "restored"
	}
	out := joinRequirements(base, switchOn, requirementsBlock(t, want, doc))
	if bytes.Equal(out, old) {
		return r, nil
	}
	var check map[string]any
	if err := toml.Unmarshal(out, &check); err != nil {
		return r, fmt.Errorf("%s: hookctl's tables would clash with the file's own (%v): move the file's [hooks] entries into it by hand, or move the file away", t.Path, err)
	}
	backupData, backupErr := os.ReadFile(t.BackupPath())
	hasBackup := backupErr == nil
	if len(out) == 0 && hasBackup && len(backupData) == 0 {
		r.Deleted = true // hookctl created the file
	}
	r.Changed, r.Created = true, fi == nil
	r.Diff = unifiedDiff(t.Path, old, out, fi == nil, r.Deleted)
	if dryRun {
		return r, nil
	}
	if err := write(t, old, out, fi, hasBackup, &r); err != nil {
		return r, err
	}
	if hasBackup && (r.Deleted || bytes.Equal(out, backupData)) {
		_ = os.Remove(t.BackupPath()) // the file is as it was: nothing left to keep
	}
	return r, nil
}

// splitRequirements takes hookctl's blocks out of the file's text: the file as it is without
// them, hookctl's hooks block, and whether its switch block was there.
func splitRequirements(text []byte) (base, hooks []byte, hadSwitch bool, err error) {
	base, hooks, found, err := cutBlock(text, reqHooksBegin, reqHooksEnd, true)
	if err != nil || !found {
		hooks = nil
	}
	if err != nil {
		return nil, nil, false, err
	}
	base, _, hadSwitch, err = cutBlock(base, reqSwitchBegin, reqSwitchEnd, false)
	return base, hooks, hadSwitch, err
}

// cutBlock removes the block from begin to end (both whole lines) and the one line break
// that separates it from the rest: the one before it (after, when first is false), as
// joinRequirements put it there.
func cutBlock(text []byte, begin, end string, last bool) (rest, block []byte, found bool, err error) {
	i := lineIndex(text, begin)
	if i < 0 {
		if lineIndex(text, end) >= 0 {
			return nil, nil, false, fmt.Errorf("hookctl's marker %q has no beginning: restore the file from its %s, or remove hookctl's lines by hand", strings.TrimSpace(end), BackupSuffix)
		}
		return text, nil, false, nil
	}
	j := lineIndex(text[i:], end)
	if j < 0 {
		return nil, nil, false, fmt.Errorf("hookctl's block at %q has no end: restore the file from its %s, or remove hookctl's lines by hand", strings.TrimSpace(begin), BackupSuffix)
	}
	from, to := i, i+j+len(end)
	block = text[from:to]
	if last {
		if from > 0 && text[from-1] == '\n' {
			from--
		}
	} else if to < len(text) && text[to] == '\n' {
		to++
	}
	rest = append(append([]byte{}, text[:from]...), text[to:]...)
	return rest, block, true, nil
}

// lineIndex is the offset of the line that is exactly line (with its line break), or -1.
func lineIndex(text []byte, line string) int {
	for off := 0; off < len(text); {
		k := bytes.Index(text[off:], []byte(line))
		if k < 0 {
			return -1
		}
		if at := off + k; at == 0 || text[at-1] == '\n' {
			return at
		}
		off += k + 1
	}
	return -1
}

// joinRequirements puts hookctl's blocks into the file's own text base: the switch first, a
// blank line after it, the hooks last, a blank line before them; cutBlock undoes exactly this.
func joinRequirements(base []byte, switchOn bool, hooks []byte) []byte {
	out := append([]byte{}, base...)
	if switchOn {
		block := []byte(reqSwitchBegin + reqSwitchKey + " = true\n" + reqSwitchEnd)
		if len(out) > 0 {
			block = append(block, '\n')
		}
		out = append(block, out...)
	}
	if len(hooks) > 0 {
		if len(out) > 0 {
			out = append(out, '\n')
		}
		out = append(out, hooks...)
	}
	return out
}

// requirementsBlock is hookctl's hooks block for want ("" when there is nothing to wire): a
// [features] table pinning hooks on unless the file has its own (applyRequirements checks it
// pins them), a [hooks] table with managed_dir unless the file has its own [hooks], then one
// matcher group per event.
func requirementsBlock(t Target, want []Want, doc map[string]any) []byte {
	if len(want) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString(reqHooksBegin)
	if _, ok := doc["features"]; !ok {
		b.WriteString("[features]\nhooks = true\n\n")
	}
	if _, ok := doc["hooks"]; !ok && config.SystemDir != "" {
		fmt.Fprintf(&b, "[hooks]\n%s = %s\n\n", managedDirKey, tomlString(config.SystemDir))
	}
	for i, w := range want {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "[[hooks.%s]]\n[[hooks.%s.hooks]]\ntype = \"command\"\ncommand = %s\ntimeout = %d\n",
			w.Event, w.Event, tomlString(EntryCommand(t, w)), w.Timeout)
	}
	b.WriteString(reqHooksEnd)
	return []byte(b.String())
}

// reqEntry is one of hookctl's entries found in its block.
type reqEntry struct {
	event, command string
	timeout        int64
}

// requirementEntries reads hookctl's block (nil: none).
func requirementEntries(block []byte) ([]reqEntry, error) {
	if block == nil {
		return nil, nil
	}
	var doc struct {
		Hooks map[string]any `toml:"hooks"`
	}
	if err := toml.Unmarshal(block, &doc); err != nil {
		return nil, err
	}
	var out []reqEntry
	for event, v := range doc.Hooks {
		groups, _ := v.([]any)
		for _, g := range groups {
			gm, _ := g.(map[string]any)
			handlers, _ := gm["hooks"].([]any)
			for _, h := range handlers {
				hm, _ := h.(map[string]any)
				command, _ := hm["command"].(string)
				timeout, _ := hm["timeout"].(int64)
				out = append(out, reqEntry{event: event, command: command, timeout: timeout})
			}
		}
	}
	return out, nil
}

// compareEntries fills the report's lists from hookctl's entries before and want.
func compareEntries(t Target, before []reqEntry, want []Want, r *Report) {
	wanted := map[string]bool{}
	for _, w := range want {
		wanted[w.Event] = true
		command := EntryCommand(t, w)
		i := -1
		for k, e := range before {
			if e.event == w.Event {
				i = k
				break
			}
		}
		switch {
		case i < 0:
			r.Added = append(r.Added, change(w.Event, command, w.Timeout))
		case before[i].command != command || before[i].timeout != w.Timeout:
			r.Updated = append(r.Updated, change(w.Event, command, w.Timeout))
		default:
			r.Kept = append(r.Kept, change(w.Event, command, w.Timeout))
		}
	}
	for _, e := range before {
		if !wanted[e.event] {
			r.Removed = append(r.Removed, change(e.event, e.command, e.timeout))
		}
	}
}

// tomlString quotes s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\u` + strconv.FormatInt(int64(0x10000+r), 16)[1:])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
