package install

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	toml "github.com/pelletier/go-toml/v2"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/internal/safefile"
)

// Codex runs a hook from a hooks.json only once the person has trusted it in Codex's /hooks,
// and skips an untrusted one silently. The trust is recorded in the user's
// $CODEX_HOME/config.toml (CODEX_HOME defaults to ~/.codex), one table per hook:
//
//	[hooks.state."/abs/path/.codex/hooks.json:pre_tool_use:0:0"]
//	trusted_hash = "sha256:..."
//	enabled = false # when the person turned it off
//
// keyed by the hooks.json's absolute path, the event's snake_case label and the hook's indexes
// (its matcher group, then its place in the group). trusted_hash is the sha256 of the hook's
// identity as JSON with sorted keys: the event label, the group's matcher (none for
// UserPromptSubmit and Stop) and the one hook as Codex reads it, its timeout filled in (600
// when absent) and async false when absent. A hook whose identity changed since (a reinstall
// that changed its timeout or command) is no longer trusted. This is how Codex 0.169 does it
// (codex-rs/hooks/src/engine/discovery.rs, config_rules.rs and config/src/fingerprint.rs).

// Trust is what Codex's own files say of one of hookctl's entries.
type Trust string

// The trust states of a hookctl entry in Codex.
const (
	// TrustTrusted: Codex runs the entry.
	TrustTrusted Trust = "trusted"
	// TrustUntrusted: no trust recorded; Codex skips the entry without a word.
	TrustUntrusted Trust = "untrusted"
	// TrustModified: trusted once, but the entry changed since; Codex skips it.
	TrustModified Trust = "modified"
	// TrustDisabled: the person turned the entry off in Codex.
	TrustDisabled Trust = "disabled"
)

// EntryTrust is the trust of one hookctl entry of a Codex hooks.json.
type EntryTrust struct {
	AgentEvent string `json:"agent_event"`
	Key        string `json:"key"`
	Trust      Trust  `json:"trust"`
}

// CodexHome is Codex's own folder: $CODEX_HOME, else ~/.codex.
func CodexHome(lookupEnv func(string) (string, bool), home string) string {
	if v, ok := lookupEnv("CODEX_HOME"); ok && v != "" {
		return v
	}
	return filepath.Join(home, ".codex")
}

// CodexTrust reads whether Codex trusts hookctl's entries in the hooks file (the user's
// $CODEX_HOME/hooks.json, or a project's .codex/hooks.json), from codexHome/config.toml. A
// missing hooks file has no entries; a missing config.toml trusts none.
func CodexTrust(codexHome, hooksFile, name string) ([]EntryTrust, error) {
	abs, err := filepath.Abs(hooksFile)
	if err != nil {
		return nil, err
	}
	d, _ := agent.Lookup("codex")
	s, entries, err := loadEntries(abs, d)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	states, err := codexHookStates(filepath.Join(codexHome, "config.toml"))
	if err != nil {
		return nil, err
	}
	var out []EntryTrust
	for _, e := range entries {
		if !IsOwnCommand(e.command, d.Name, name) {
			continue
		}
		key := abs + ":" + codexLabel(e.event) + ":" + strconv.Itoa(e.group) + ":" + strconv.Itoa(e.hook)
		t := EntryTrust{AgentEvent: e.event, Key: key, Trust: TrustUntrusted}
		st := states[key]
		switch {
		case st.Enabled != nil && !*st.Enabled:
			t.Trust = TrustDisabled
		case st.TrustedHash == "":
		case st.TrustedHash == codexHookHash(s, e):
			t.Trust = TrustTrusted
		default:
			t.Trust = TrustModified
		}
		out = append(out, t)
	}
	return out, nil
}

type codexHookState struct {
	Enabled     *bool  `toml:"enabled"`
	TrustedHash string `toml:"trusted_hash"`
}

// codexHookStates reads the hooks.state tables of Codex's config.toml; none when it is missing.
func codexHookStates(path string) (map[string]codexHookState, error) {
	data, _, err := safefile.ReadFile(path, maxSettings)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	var cfg struct {
		Hooks struct {
			State map[string]codexHookState `toml:"state"`
		} `toml:"hooks"`
	}
	if err := toml.Unmarshal(data, &cfg); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	states := make(map[string]codexHookState, len(cfg.Hooks.State))
	for k, v := range cfg.Hooks.State {
		states[strings.TrimSpace(k)] = v
	}
	return states, nil
}

// codexLabel is the snake_case label of a Codex event in its trust keys (PreToolUse:
// pre_tool_use).
func codexLabel(event string) string {
	var b strings.Builder
	for i, r := range event {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// codexHookHash is the trusted_hash Codex records for the entry e as it is in s.
func codexHookHash(s *settings, e entry) string {
	handler := map[string]any{"type": "command", "command": e.command, "async": false}
	timeout := int64(600)
	if n := numberOf(s, e.timeout); n != nil {
		timeout = max(*n, 1)
	}
	handler["timeout"] = timeout
	if a := e.obj.get("async"); a != nil && a.kind == 'v' && string(s.data[a.start:a.end]) == "true" {
		handler["async"] = true
	}
	if m := e.obj.get("statusMessage"); m != nil && m.kind == '"' {
		handler["statusMessage"] = m.str
	}
	identity := map[string]any{"event_name": codexLabel(e.event), "hooks": []any{handler}}
	if e.matcher != "" && e.event != "UserPromptSubmit" && e.event != "Stop" {
		identity["matcher"] = e.matcher
	}
	// Codex hashes serde_json's compact output with sorted keys, which escapes no HTML
	// characters; encoding/json sorts map keys.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(identity) // strings, numbers and booleans: cannot fail
	sum := sha256.Sum256(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	return "sha256:" + hex.EncodeToString(sum[:])
}
