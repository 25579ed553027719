package consent

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/jsonx"
	"github.com/hookctl/hookctl/internal/safefile"
)

// Guard is what an approved guard covered (SPEC 14.2, 17.3, 17.4): a fail_closed entry of an
// event whose block stops the action. The record outlives the config: if the entry goes
// missing or changes, the calls it covered are blocked until the person approves the new state.
type Guard struct {
	Event   string `json:"event"`
	Command string `json:"command"`
	// Matcher is the matcher as a list of strings, empty for one that matches every tool.
	Matcher []string `json:"matcher"`
	// Agents are the dialects the entry runs under, empty for every one.
	Agents     []string `json:"agents"`
	FailClosed bool     `json:"fail_closed"`
}

// GuardOf is the record of a configured hook; it is a guard only when h.Guard() is true.
func GuardOf(h config.Hook) Guard {
	return Guard{Event: h.Event, Command: h.Command, Matcher: nonNil(h.MatcherList()),
		Agents: nonNil(slices.Clone(h.Agents)), FailClosed: h.FailClosed}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// Same reports whether two records describe the same guard: event, command, matcher, agents
// and fail_closed all equal.
func (g Guard) Same(o Guard) bool {
	return g.Event == o.Event && g.Command == o.Command && slices.Equal(g.Matcher, o.Matcher) &&
		slices.Equal(g.Agents, o.Agents) && g.FailClosed == o.FailClosed
}

func (g Guard) key() [2]string { return [2]string{g.Event, g.Command} }

// String names the guard for a person: its command, event and matcher.
func (g Guard) String() string {
	s := fmt.Sprintf("%s on %s", g.Command, g.Event)
	if len(g.Matcher) > 0 {
		s += fmt.Sprintf(" (matcher %s)", strings.Join(g.Matcher, ", "))
	}
	if len(g.Agents) > 0 {
		s += fmt.Sprintf(" (agents %s)", strings.Join(g.Agents, ", "))
	}
	return s
}

// Covers reports whether the guard covers a call of the event under the named agent: its
// event, its agents, and on a tool event its matcher against the tool, by the agent's name or
// hookctl's (a `terminal` guard covers Claude Code's Bash). A tool that is not
// known (tool nil on a tool event, with toolKnown false) is covered by any matching event: a
// call hookctl could not read is judged by the strictest reading.
func (g Guard) Covers(event, agentName string, tool *string, toolKnown bool) bool {
	if g.Event != event || len(g.Agents) > 0 && !slices.Contains(g.Agents, agentName) {
		return false
	}
	if !toolKnown || !config.IsToolEvent(event) || len(g.Matcher) == 0 {
		return true
	}
	if tool == nil {
		return false
	}
	d, _ := agent.Lookup(agentName) // nil for a name that is no agent: the tool's own name only
	for _, m := range g.Matcher {
		re, err := config.CompileMatcher(m)
		if err != nil || re == nil || d.ToolMatches(*tool, re.MatchString) {
			return true // a matcher that no longer compiles covers everything: toward the guard
		}
	}
	return false
}

// Gap is a recorded guard that the config no longer holds as it was approved.
type Gap struct {
	Guard Guard
	// Why says what happened to the entry.
	Why string
}

// Gaps returns the recorded guards that the config does not hold as approved, in record
// order; event, when not "", limits them to that event's guards (a run reads only the fired
// event's entries). An unreadable config holds none of them.
func Gaps(guards []Guard, cfg *config.Config, event string) []Gap {
	var out []Gap
	for _, g := range guards {
		if event != "" && g.Event != event {
			continue
		}
		if why := gap(g, cfg); why != "" {
			out = append(out, Gap{Guard: g, Why: why})
		}
	}
	return out
}

// gap says why the config does not hold the guard, "" when it does.
func gap(g Guard, cfg *config.Config) string {
	if cfg.Unreadable {
		return fmt.Sprintf("%s cannot be read, so none of its entries is", cfg.Path)
	}
	why := fmt.Sprintf("its entry is gone from %s (deleted, moved to another event, or dropped by an error)", cfg.Path)
	for _, h := range cfg.Hooks {
		if h.Event != g.Event || h.Command != g.Command {
			continue
		}
		now := GuardOf(h)
		switch {
		case now.Same(g):
			return ""
		case !h.FailClosed:
			why = "its entry is no longer fail_closed (removed, misspelled or false)"
		case !slices.Equal(now.Matcher, g.Matcher):
			why = fmt.Sprintf("its matcher changed from %s to %s", showList(g.Matcher), showList(now.Matcher))
		case !slices.Equal(now.Agents, g.Agents):
			why = fmt.Sprintf("its agents changed from %s to %s", showList(g.Agents), showList(now.Agents))
		}
	}
	return why
}

func showList(l []string) string {
	if len(l) == 0 {
		return "(all)"
	}
	q := make([]string, len(l))
	for i, s := range l {
		q[i] = fmt.Sprintf("%q", s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// ErrGuardRecord marks a guard record that cannot be read or trusted: it blocks every
// pre_tool_call until it is fixed, and nothing is written over it.
var ErrGuardRecord = errors.New("guard record cannot be trusted")

// GuardPath is the guard record beside the allowlist at path: allowlist.json's is
// allowlist.guards.json.
func GuardPath(allowlist string) string {
	return strings.TrimSuffix(allowlist, ".json") + ".guards.json"
}

// GuardPath is the store's guard record.
func (s *Store) GuardPath() string { return GuardPath(s.Path) }

// maxGuards bounds what is read: a guard record is a few hundred bytes per guard.
const maxGuards = 16 << 20

// guardFile is the record's wire form, as encodeGuards writes it.
type guardFile struct {
	Version *int64  `json:"version"`
	Guards  []Guard `json:"guards"`
}

// Guards reads the guard record: none when it does not exist. One that cannot be read, is
// not the expected shape, or is writable by others or owned by another user is an error
// wrapping ErrGuardRecord.
func (s *Store) Guards() ([]Guard, error) {
	path := s.GuardPath()
	data, fi, err := safefile.ReadFile(path, maxGuards)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w: reading %s: %v", ErrGuardRecord, path, err)
	}
	if err := checkFile(path, fi); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrGuardRecord, err)
	}
	if err := checkFolder(path); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrGuardRecord, err)
	}
	guards, err := decodeGuards(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrGuardRecord, path, err)
	}
	return guards, nil
}

func decodeGuards(data []byte) ([]Guard, error) {
	// jsonx, not encoding/json: a run of a guarded event reads this file, and encoding/json's
	// reflection set-up costs a cold run more than the whole read (see the README).
	r := jsonx.NewReader(data)
	var version *int64
	var guards []Guard
	err := r.Object(func(key string) error {
		switch key {
		case "version":
			if r.Null() {
				return nil
			}
			v, err := r.Int()
			version = &v
			return err
		case "guards":
			return r.Array(func() error {
				g, err := readGuard(r)
				guards = append(guards, g)
				return err
			})
		}
		return unknownKey(r, key)
	})
	if err == nil {
		err = r.End()
	}
	if err != nil {
		return nil, fmt.Errorf("not a guard record: %w", describe(err))
	}
	if version == nil || *version != fileVersion {
		return nil, errors.New("not a guard record of version 1")
	}
	seen := make(map[[2]string]bool, len(guards))
	for _, g := range guards {
		if g.Event == "" || g.Command == "" {
			return nil, errors.New("a guard without an event or command")
		}
		if seen[g.key()] {
			return nil, fmt.Errorf("the guard %s is recorded twice", g)
		}
		seen[g.key()] = true
	}
	return guards, nil
}

func readGuard(r *jsonx.Reader) (Guard, error) {
	g := Guard{Matcher: []string{}, Agents: []string{}}
	err := r.Object(func(key string) (err error) {
		switch key {
		case "event":
			g.Event, err = r.StringOrNull()
		case "command":
			g.Command, err = r.StringOrNull()
		case "matcher":
			g.Matcher, err = readStrings(r)
		case "agents":
			g.Agents, err = readStrings(r)
		case "fail_closed":
			if !r.Null() {
				g.FailClosed, err = r.Bool()
			}
		default:
			err = unknownKey(r, key)
		}
		return err
	})
	return g, err
}

// readStrings reads a list of strings; null is the empty list.
func readStrings(r *jsonx.Reader) ([]string, error) {
	out := []string{}
	if r.Null() {
		return out, nil
	}
	err := r.Array(func() error {
		s, err := r.String()
		out = append(out, s)
		return err
	})
	return out, err
}

func encodeGuards(guards map[[2]string]Guard) []byte {
	list := make([]Guard, 0, len(guards))
	for _, g := range guards {
		g.Matcher, g.Agents = nonNil(g.Matcher), nonNil(g.Agents)
		list = append(list, g)
	}
	slices.SortFunc(list, func(a, b Guard) int {
		return strings.Compare(a.Event+"\x00"+a.Command, b.Event+"\x00"+b.Command)
	})
	out, err := json.MarshalIndent(guardFile{Version: new(int64(fileVersion)), Guards: list}, "", "  ")
	if err != nil {
		panic("consent: encoding guard record: " + err.Error()) // strings and bools only
	}
	return append(out, '\n')
}

// changeGuards edits the guard record; the caller holds the allowlist's lock. change returns
// whether there is anything to write. A record that cannot be read or trusted is left as it is.
func (s *Store) changeGuards(change func(map[[2]string]Guard) bool) error {
	list, err := s.Guards()
	if err != nil {
		return err
	}
	guards := make(map[[2]string]Guard, len(list))
	for _, g := range list {
		guards[g.key()] = g
	}
	if !change(guards) {
		return nil
	}
	path := s.GuardPath()
	removeStaleTemps(path)
	if err := safefile.WriteFile(path, encodeGuards(guards), 0o600); err != nil {
		return fmt.Errorf("saving guard record: %w", err)
	}
	return nil
}

// guardsOf returns the guards among the hooks.
func guardsOf(hooks []config.Hook) []Guard {
	var out []Guard
	for _, h := range hooks {
		if h.Guard() {
			out = append(out, GuardOf(h))
		}
	}
	return out
}

// Dropped returns the recorded guards that approving the hooks would drop or change: with
// anew (approve --all), every recorded guard the hooks do not hold as it is; else each
// recorded guard of an (event, command) approved as something else. A command that does this
// must have the person's word (SPEC 17.1).
func Dropped(recorded []Guard, hooks []config.Hook, anew bool) []Guard {
	now := map[[2]string]config.Hook{}
	for _, h := range hooks {
		now[[2]string{h.Event, h.Command}] = h
	}
	var out []Guard
	for _, g := range recorded {
		h, ok := now[g.key()]
		switch {
		case !ok && anew:
			out = append(out, g)
		case ok && !(h.Guard() && GuardOf(h).Same(g)):
			out = append(out, g)
		}
	}
	return out
}

// Revoked returns the recorded guards that revoking the command (on event, or every event
// when "") would remove.
func Revoked(recorded []Guard, command, event string) []Guard {
	var out []Guard
	for _, g := range recorded {
		if g.Command == command && (event == "" || g.Event == event) {
			out = append(out, g)
		}
	}
	return out
}
