package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookctl/hookctl/internal/lazy"
)

// Each agent has its own "hooks off" setting: one write of a settings file by the agent's own
// tools switches every hook of the person's off, guards included (SPEC 24.3, 28.6). This file
// says what hookctl knows of them; each agent's registration holds its own (switches): the
// files that can carry the switch, a reader that tells from a file's bytes whether it turns the
// agent's hooks off, and the flags and variables that drop or move the agent's hook settings
// (SPEC 28.7). Every key there was read in the agent's own code (the npm releases the e2e pins: Claude Code 2.1.197, Codex 0.169.0, Copilot
// CLI 1.0.102, Gemini CLI 0.61.0, Cline 3.0.65); Cursor and Windsurf have no package to read
// and are from their documents.

// The layers a switch file belongs to.
const (
	LayerUser    = "user"
	LayerProject = "project"
	LayerLocal   = "local"
)

// SwitchFile is one file that can switch an agent's hooks off.
type SwitchFile struct {
	// Layer is LayerUser (under the home folder), LayerProject or LayerLocal (under the
	// project's root; local is the person's uncommitted file there).
	Layer string
	// Rel is the file's path relative to the home folder or the project root, slash-separated.
	Rel string
	// DirEnv, for a user file, names the variable that, when set, is the folder in place of
	// Rel's first element (CLAUDE_CONFIG_DIR for .claude, CODEX_HOME for .codex).
	DirEnv string
	// HomeEnv, for a user file, names the variable that, when set, is the home folder the
	// agent reads it under (Gemini CLI's GEMINI_CLI_HOME).
	HomeEnv string
}

// Path is where the file is: home is the person's home folder, project the project's root
// ("" for none: a project file then has no path). lookupEnv may be nil.
func (f SwitchFile) Path(home, project string, lookupEnv func(string) (string, bool)) string {
	if f.Layer != LayerUser {
		if project == "" {
			return ""
		}
		return filepath.Join(project, filepath.FromSlash(f.Rel))
	}
	if lookupEnv != nil {
		if v, ok := lookupEnv(f.DirEnv); ok && f.DirEnv != "" && v != "" {
			_, rest, _ := strings.Cut(f.Rel, "/")
			return filepath.Join(v, filepath.FromSlash(rest))
		}
		if v, ok := lookupEnv(f.HomeEnv); ok && f.HomeEnv != "" && v != "" {
			home = v
		}
	}
	return filepath.Join(home, filepath.FromSlash(f.Rel))
}

// Escape is a flag or variable that drops or moves an agent's hook settings when the agent is
// started with it (SPEC 28.7): a nested agent started so keeps only the system level's hooks.
type Escape struct {
	// Flag is the command-line flag ("--settings"), Env the variable ("CLAUDE_CONFIG_DIR");
	// one of the two is set.
	Flag, Env string
	// What says what it does to the agent's hooks.
	What string
}

// Switches is what hookctl knows of one agent's hooks-off switches.
type Switches struct {
	// Files are the files that can carry the switch, in the order the agent reads them.
	Files []SwitchFile
	// Key names the setting in words, as doctor and a block say it ("disableAllHooks").
	Key string
	// Read tells from a file's bytes whether the file turns the agent's hooks off, and by
	// which setting; an error is a file the reader cannot judge (not JSON, not TOML).
	Read func(data []byte) (setting string, off bool, err error)
	// Needles are byte strings of which a file that switches the hooks off holds at least
	// one (its keys); a file with none, and no escape that could spell one (\u), is not read
	// further: a settings file is parsed only when it may hold a switch.
	Needles []string
	// None, when the agent has no switch, says why ("Cline has none: ..."); Files is then
	// empty.
	None string
	// Live says whether a switch written during a session takes effect in that session, as
	// the agent's code shows it.
	Live string
	// Escapes are the flags and variables that drop or move the agent's hook settings.
	Escapes []Escape
}

// mayHold says whether data may hold one of the switch's keys: it holds a needle, or an
// escape (JSON's and TOML's \u, TOML's \U) that could spell one.
func (s Switches) mayHold(data []byte) bool {
	if bytes.Contains(data, []byte(`\u`)) || bytes.Contains(data, []byte(`\U`)) {
		return true
	}
	for _, n := range s.Needles {
		if bytes.Contains(data, []byte(n)) {
			return true
		}
	}
	return false
}

// MaxSwitchFile caps what is read of a switch file; a larger one cannot be judged and counts
// toward the guard.
const MaxSwitchFile = 1 << 20

// SwitchesOf is the agent's switch entry; ok is false for an agent hookctl has none for (a
// test fails then: every agent has one, an explicit None included).
func SwitchesOf(name string) (Switches, bool) {
	s, ok := switchTable()[name]
	return s, ok
}

// Switches is the dialect's switch entry (SwitchesOf).
func (d *Dialect) Switches() Switches { return d.switches }

var switchTableOnce lazy.Value[map[string]Switches]

// switchTable is every registration's switch entry, by agent name.
func switchTable() map[string]Switches {
	return switchTableOnce.Get(func() map[string]Switches {
		out := make(map[string]Switches, len(registry()))
		for _, d := range registry() {
			out[d.Name] = d.switches
		}
		return out
	})
}

// readJSONSwitch reads the switch off finds in a JSON settings file whose top level is an
// object; comments and trailing commas are read as Gemini CLI reads them (a stricter agent
// ignores such a file, and reading it anyway can only find a switch where the agent might
// not). Each agent's switch reader is a plain function that calls it, so that no reader is
// built at start-up.
func readJSONSwitch(data []byte, off func(doc map[string]any) (string, bool)) (string, bool, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return "", false, nil
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		if err2 := json.Unmarshal(StripJSONC(data), &doc); err2 != nil {
			return "", false, fmt.Errorf("not a JSON object: %w", err)
		}
	}
	setting, isOff := off(doc)
	return setting, isOff, nil
}

// ErrSwitchUnreadable marks a switch file that is there but cannot be judged.
var ErrSwitchUnreadable = errors.New("cannot be read")

// StripJSONC removes // and /* */ comments and trailing commas outside strings, as Gemini CLI
// and VS Code-style settings allow; input it cannot make sense of is returned as it is, for the
// JSON reader to refuse.
func StripJSONC(b []byte) []byte {
	if !bytes.Contains(b, []byte("/")) && !bytes.Contains(b, []byte(",")) {
		return b
	}
	out := make([]byte, 0, len(b))
	inString, escaped := false, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if inString {
			out = append(out, c)
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch {
		case c == '"':
			inString = true
			out = append(out, c)
		case c == '/' && i+1 < len(b) && b[i+1] == '/':
			for i < len(b) && b[i] != '\n' {
				i++
			}
			out = append(out, '\n')
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			end := bytes.Index(b[i+2:], []byte("*/"))
			if end < 0 {
				return b
			}
			i += 2 + end + 1
			out = append(out, ' ')
		case c == ']' || c == '}':
			out = dropTrailingComma(out)
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

func dropTrailingComma(out []byte) []byte {
	j := len(out) - 1
	for j >= 0 && (out[j] == ' ' || out[j] == '\t' || out[j] == '\n' || out[j] == '\r') {
		j--
	}
	if j >= 0 && out[j] == ',' {
		return append(out[:j], out[j+1:]...)
	}
	return out
}
