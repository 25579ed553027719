// Package config reads and validates config.yaml into plain typed hooks, reporting every
// problem with file:line:col and, where it fits, a suggestion.
package config

import (
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hookctl/hookctl/agent"
)

// Config is a loaded config file: the hooks that survived validation, the top-level settings,
// and every problem found on the way.
type Config struct {
	// Path is the config file; Dir is its folder, against which relative commands resolve.
	Path string
	Dir  string
	// Root is a project config's repository root (LayerProject), "" for any other layer.
	Root string
	// Hooks holds the valid hooks of every event, each event's in config order.
	Hooks []Hook
	// AutoAccept is hooks_auto_accept: every hook runs without consent, for this run only.
	AutoAccept bool
	// CustomEvents are the extra event names an integrator fires.
	CustomEvents []string
	// Parallel is false when an event's hooks must run one by one in config order.
	Parallel bool
	// Audit is false when `audit: false` turns the audit log off.
	Audit bool
	// Problems lists errors and warnings in file order.
	Problems []Problem
	// Unreadable is set when the whole file was dropped (a YAML syntax error, or not a
	// mapping): its custom events are unknown, so every event name is accepted and has no hooks,
	// which fails open like the rest of hookctl.
	Unreadable bool
}

// Hook is one valid configured hook.
type Hook struct {
	Event string
	// Matcher is the matcher as written ("" when absent), a list as FormatMatchers shows it. It
	// is part of what an approval records.
	Matcher string
	// Matchers is a matcher array as written (stratus's `matcher: [read_file, "write_.*"]`),
	// nil when the matcher is one string.
	Matchers []string
	// Command is the command as written: with Event, the consent key. A url hook has its URL
	// here too, so that (event, url) is its consent key.
	Command string
	// URL is the address of a url hook's JSON-RPC server, "" for a command hook (see Remote).
	URL string
	// Headers are the HTTP headers a url hook sends; Method is MethodSherma or "".
	Headers []Header
	Method  string
	// AllowedEnv is a url hook's allowed_env, sorted: the variables its headers may expand.
	// With Headers (as written) and Method it is part of what an approval covers.
	AllowedEnv []string
	// Env holds the command's leading NAME=value words (expanded), added to the hook's
	// environment as env(1) would.
	Env []string
	// Argv is the split command with ~ and $VAR expanded and relative paths resolved, after
	// the NAME=value words.
	Argv []string
	// Script is the absolute path of the file the command runs when the command names it by a
	// path ("" when the script is found on PATH at run time; see ResolveScript).
	Script string
	// ScriptWord is the index in Argv of the script word.
	ScriptWord int
	// Files are the absolute paths of the other existing files the command names by a path,
	// the program included (`./wrap ./guard.sh`, `.venv/bin/python guard.py`), in word order:
	// consent pins them beside the script (SPEC 18.1). A program found on PATH is not one.
	Files []string
	// ProjectScript is set when Script comes from $CLAUDE_PROJECT_DIR (ProjectDir, its value
	// here): the one approval of the command pins one script per project (SPEC 17.12).
	ProjectScript bool
	ProjectDir    string
	// Timeout is the effective timeout, already clamped (see EffectiveTimeout).
	Timeout        time.Duration
	TimeoutClamped bool
	// FailClosed makes the hook block, on a blocking event, when it cannot answer.
	FailClosed bool
	// PinExec (`pin: exec`) runs the pinned script as the very file that was checked
	// (/dev/fd/N) instead of by its path. It is part of the approval. Only a pinned hook has it.
	PinExec bool
	// Agents names the dialects the hook is written for (`agents:`); empty means every agent.
	Agents []string
	// Dialect is the protocol the hook's script speaks (`dialect:`, agent.ScriptDialects),
	// "" for the calling agent's own. It is part of the approval.
	Dialect string
	// Line and Col locate the entry in the config file.
	Line, Col int
	// Layer is where the hook comes from: LayerSystem, LayerUser or LayerProject, so that list,
	// doctor and log can say so.
	Layer string

	re *regexp.Regexp // nil when the hook matches every tool
}

// RunsUnder reports whether the hook runs when the named agent fires its event.
func (h Hook) RunsUnder(agentName string) bool {
	return len(h.Agents) == 0 || slices.Contains(h.Agents, agentName)
}

// Pinned reports whether consent pins the script's content: only for scripts named by a path.
func (h Hook) Pinned() bool { return h.Script != "" }

// ResolveScript returns the path of the file the hook runs: Script when it is named by a path,
// else the first word looked up on PATH ("" when it is not found).
func (h Hook) ResolveScript() string {
	if h.Script != "" {
		return h.Script
	}
	if len(h.Argv) == 0 {
		return ""
	}
	p, err := exec.LookPath(h.Argv[h.ScriptWord])
	if err != nil {
		return ""
	}
	return p
}

// Matches reports whether the hook applies to a call of the tool (nil for no tool). Matchers
// apply to tool events only; no matcher, "" and "*" match everything, a null tool name included;
// any other matcher must match the whole name and never matches a null one.
func (h Hook) Matches(tool *string) bool {
	if h.re == nil || !IsToolEvent(h.Event) {
		return true
	}
	if tool == nil {
		return false
	}
	return h.re.MatchString(*tool)
}

// MatchesIn is Matches for a call under an agent: the matcher may name the tool by the
// agent's name or by hookctl's (`terminal` for Claude Code's Bash, SPEC 19); each is matched
// whole, so a matcher matches no name it did not match before but hookctl's. A nil dialect
// is Matches.
func (h Hook) MatchesIn(d *agent.Dialect, tool *string) bool {
	if tool == nil || h.re == nil || !IsToolEvent(h.Event) {
		return h.Matches(tool)
	}
	script, _ := agent.ForScript(h.Dialect) // validated when loaded; nil is the agent's own
	return d.ToolMatchesIn(script, *tool, h.re.MatchString)
}

// MatchedTools returns the agent's built-in tools the hook's matcher matches (MatchesIn), in
// the agent's order; every one for a hook with no matcher or not on a tool event.
func (h Hook) MatchedTools(d *agent.Dialect) []string {
	var out []string
	for _, t := range d.Tools {
		if h.MatchesIn(d, &t) {
			out = append(out, t)
		}
	}
	return out
}

// CompileMatcher compiles a matcher the way config entries are: nil for one that matches every
// tool, else an anchored regular expression that must match the whole tool name.
func CompileMatcher(m string) (*regexp.Regexp, error) {
	if m == "" || m == "*" {
		return nil, nil
	}
	// Compiled alone first, so that the error shows the matcher as written and no unbalanced
	// parenthesis can escape the anchors.
	if _, err := regexp.Compile(m); err != nil {
		return nil, err
	}
	return regexp.Compile(`^(?:` + m + `)$`)
}

// compileMatchers compiles a matcher array: nil when an entry matches every tool, else one
// anchored expression that matches a tool name any entry matches.
func compileMatchers(list []string) (*regexp.Regexp, error) {
	parts := make([]string, len(list))
	for i, m := range list {
		if m == "" || m == "*" {
			return nil, nil
		}
		if _, err := regexp.Compile(m); err != nil {
			return nil, fmt.Errorf("invalid matcher entry %q: %w", m, err)
		}
		parts[i] = "(?:" + m + ")"
	}
	return regexp.Compile(`^(?:` + strings.Join(parts, "|") + `)$`)
}

// FormatMatchers shows a matcher array as written in a flow list: ["read_file", "write_.*"].
func FormatMatchers(list []string) string {
	quoted := make([]string, len(list))
	for i, m := range list {
		quoted[i] = strconv.Quote(m)
	}
	return "[" + strings.Join(quoted, ", ") + "]"
}

// SetMatchers sets a matcher array, for programs that build hooks without a config file.
func (h *Hook) SetMatchers(list []string) error {
	if len(list) == 0 {
		return errors.New("matcher is an empty list")
	}
	re, err := compileMatchers(list)
	if err != nil {
		return err
	}
	h.Matcher, h.Matchers, h.re = FormatMatchers(list), slices.Clone(list), re
	return nil
}

// SetMatcher sets the hook's matcher, for programs that build hooks without a config file.
func (h *Hook) SetMatcher(m string) error {
	re, err := CompileMatcher(m)
	if err != nil {
		return fmt.Errorf("invalid matcher %q: %w", m, err)
	}
	h.Matcher, h.re = m, re
	return nil
}

// HooksFor returns the hooks configured for the event, in config order.
func (c *Config) HooksFor(event string) []Hook {
	var out []Hook
	for _, h := range c.Hooks {
		if h.Event == event {
			out = append(out, h)
		}
	}
	return out
}

// HasHooks reports whether any hook is configured for the event, without collecting them as
// HooksFor does (each entry is some 240 bytes to copy).
func (c *Config) HasHooks(event string) bool {
	for i := range c.Hooks {
		if c.Hooks[i].Event == event {
			return true
		}
	}
	return false
}

// KnownEvent reports whether the event is built in or declared in custom_events (any event,
// when the file was unreadable).
func (c *Config) KnownEvent(event string) bool {
	if IsBuiltinEvent(event) || c.Unreadable {
		return true
	}
	for _, e := range c.CustomEvents {
		if e == event {
			return true
		}
	}
	return false
}

// AllEvents lists the built-in events followed by the custom ones.
func (c *Config) AllEvents() []string {
	return append(Events(), c.CustomEvents...)
}

// Timeout bounds.
const (
	DefaultTimeout = 60 * time.Second
	MaxTimeout     = 300 * time.Second
)

// EffectiveTimeout is the one place timeouts are clamped: zero or negative means the default,
// anything above MaxTimeout is MaxTimeout. clamped reports the latter.
func EffectiveTimeout(d time.Duration) (eff time.Duration, clamped bool) {
	switch {
	case d <= 0:
		return DefaultTimeout, false
	case d > MaxTimeout:
		return MaxTimeout, true
	}
	return d, false
}
