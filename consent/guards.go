package consent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

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
	// Pin and Files are the guard's content as approved (SPEC 18.1): how its script runs
	// (config.PinExec, or "" for by its path) and the pin of every file its command names, the
	// script first among them, sorted by path. Files is nil in a guard recorded before content
	// was, which any approval of new content then changes; empty when nothing is pinned.
	Pin   string    `json:"pin,omitempty"`
	Files []FilePin `json:"files"`
	// Dialect is the protocol the guard's script was approved to speak (SPEC 23.4), part of
	// its content: "" for the calling agent's own.
	Dialect string `json:"dialect,omitempty"`
}

// GuardOf is the record of a configured hook as its config says it (its content is not read:
// see guardOfApproval); it is a guard only when h.Guard() is true.
func GuardOf(h config.Hook) Guard {
	return Guard{Event: h.Event, Command: h.Command, Matcher: nonNil(h.MatcherList()),
		Agents: nonNil(slices.Clone(h.Agents)), FailClosed: h.FailClosed, Pin: pinOf(h), Dialect: h.Dialect}
}

// guardOfApproval is the record of a guard approved as ap: GuardOf with the content ap pins.
func guardOfApproval(h config.Hook, ap Approval) Guard {
	g := GuardOf(h)
	g.Pin, g.Files, g.Dialect = ap.Pin, ap.pins(), ap.Dialect
	return g
}

// pins is every file the approval pins, its script or project scripts included, by path.
func (ap Approval) pins() []FilePin {
	out := []FilePin{}
	add := func(p ScriptPin) {
		out = append(out, FilePin{Path: p.Path, SHA256: p.SHA256, Size: p.Size, Mtime: p.Mtime})
	}
	if ap.Script != nil {
		add(*ap.Script)
	}
	for _, p := range ap.Scripts {
		add(p)
	}
	out = append(out, ap.Files...)
	sortFiles(out)
	return out
}

// sameContent reports whether the recorded guard's content is the approval's, exactly.
func (g Guard) sameContent(ap Approval) bool {
	return g.Files != nil && g.Pin == ap.Pin && g.Dialect == ap.Dialect && slices.EqualFunc(g.Files, ap.pins(), sameFile)
}

// sameFile compares two pins whatever their mtime when they pin content: the content is what
// is approved, and a touch changes nothing of it.
func sameFile(x, y FilePin) bool {
	if !x.Identity() {
		x.Mtime, x.Size, y.Mtime, y.Size = time.Time{}, 0, time.Time{}, 0
	}
	return x.Same(y)
}

// contentChanges says how the content of a guard approved as now differs from the recorded
// guard g: the pin, a file whose pin differs, a file pinned now and not then or the reverse.
// For a command whose script is named under $CLAUDE_PROJECT_DIR the record holds one script
// per project: a file of another project missing from now is no change, and this project's
// script, not recorded before, is a first approval there, not a change.
func contentChanges(g Guard, h config.Hook, now Guard) []string {
	if g.Files == nil {
		return []string{"its content was not recorded (it was approved by an older hookctl)"}
	}
	var out []string
	if g.Pin != now.Pin {
		out = append(out, fmt.Sprintf("pin differs (approved %s, now %s)", pinName(g.Pin), pinName(now.Pin)))
	}
	if g.Dialect != now.Dialect {
		out = append(out, dialectChange(g.Dialect, now.Dialect))
	}
	was := map[string]FilePin{}
	for _, f := range g.Files {
		was[f.Path] = f
	}
	for _, f := range now.Files {
		old, ok := was[f.Path]
		switch {
		case ok && !sameFile(old, f):
			out = append(out, fmt.Sprintf("file %s differs (now %s, approved %s)", f.Path, f.brief(), old.brief()))
		case !ok && !(h.ProjectScript && f.Path == h.Script):
			out = append(out, fmt.Sprintf("file %s was not pinned when approved", f.Path))
		}
		delete(was, f.Path)
	}
	if !h.ProjectScript {
		for _, f := range g.Files {
			if _, ok := was[f.Path]; ok {
				out = append(out, fmt.Sprintf("file %s was pinned when approved and is no longer named", f.Path))
			}
		}
	}
	return out
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
	d, _ := agent.Lookup(agentName)           // nil for a name that is no agent: the tool's own name only
	script, err := agent.ForScript(g.Dialect) // the names its script knows the tool by, too
	if err != nil {
		return true // a dialect this hookctl does not know: toward the guard
	}
	for _, m := range g.Matcher {
		re, err := config.CompileMatcher(m)
		if err != nil || re == nil || d.ToolMatchesIn(script, *tool, re.MatchString) {
			return true // a matcher that no longer compiles covers everything: toward the guard
		}
	}
	return false
}

// Gap is a recorded guard that the config no longer holds as it was approved.
type Gap struct {
	Guard Guard
	// Why says what happened to the entry; Fix, when not "", what the person does about it
	// (else the person's fix: doctor, then approve).
	Why, Fix string
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

// ErrGuardRecord marks a guard record that cannot be read or trusted: it blocks every call of
// an event a guard could cover (pre_tool_call, and pre_llm_call where a hook can refuse a
// prompt) until it is fixed. One that cannot be read is never written over.
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
	Version *int64      `json:"version"`
	Guards  []guardJSON `json:"guards"`
	// Projects, in the person's record only, are the projects whose guards it remembers
	// (remember.go).
	Projects []projectGuardsJSON `json:"projects,omitempty"`
}

type guardJSON struct {
	Event      string         `json:"event"`
	Command    string         `json:"command"`
	Matcher    []string       `json:"matcher"`
	Agents     []string       `json:"agents"`
	FailClosed bool           `json:"fail_closed"`
	Pin        string         `json:"pin,omitempty"`
	Files      *[]filePinJSON `json:"files,omitempty"`
	Dialect    string         `json:"dialect,omitempty"`
}

// Guards reads the guard record and checks it against the allowlist (SPEC 18.1, 23.14): none
// when neither holds a guard. It is an error wrapping ErrGuardRecord, so that every call a
// guard could cover blocks, when the record cannot be read (see readGuards), or when the
// allowlist holds a guard approval that the record lacks, or holds with other content: the
// record is missing, emptied, or older than the allowlist. That is decided by what the files
// say, never by their times.
func (s *Store) Guards() ([]Guard, error) {
	rec, err := s.GuardRecord()
	return rec.Guards, err
}

// RecordedGuards are the guards a command that drops or changes guards must answer for: the
// record's (Guards), or, when the record cannot be trusted but the allowlist can be read, every
// guard the allowlist approved (Allowlist.Guards), with why the record is not trusted as
// untrusted: rewriting or unwiring them is still a guard change. None when neither can be read.
func (s *Store) RecordedGuards() (guards []Guard, untrusted error) {
	recorded, err := s.Guards()
	if err == nil {
		return recorded, nil
	}
	list, lerr := s.Load()
	if !errors.Is(err, ErrGuardRecord) || lerr != nil {
		return nil, nil
	}
	return list.Guards(), err
}

// matchAllowlist checks that every guard approval of the allowlist is in the record as it
// was approved, and every project whose guards the allowlist says the record remembers is. An allowlist that is missing or cannot be read says nothing here: it
// approves nothing, so every guard's hook is skipped and a fail_closed one blocks anyway.
// Without a record, an allowlist whose text has no "guard" key is not decoded: the common
// case of no guard at all costs one read.
func (s *Store) matchAllowlist(rec GuardRecord, exists bool) error {
	data, _, err := safefile.ReadFile(s.Path, maxAllowlist)
	if err != nil || !exists && !bytes.Contains(data, []byte(`"guard"`)) && !bytes.Contains(data, []byte(`"guard_projects"`)) {
		return nil
	}
	a, err := decodeOwned(data)
	if err != nil {
		return nil
	}
	path := s.GuardPath()
	for _, root := range a.GuardProjects {
		if _, ok := Remembered(rec.Projects, root); !ok {
			return fmt.Errorf("%w: %s does not remember the guards of the project %s, which %s says it does (deleted or replaced?); %s",
				ErrGuardRecord, path, root, s.Path, LostFix(root))
		}
	}
	recorded := make(map[[2]string]Guard, len(rec.Guards))
	for _, g := range rec.Guards {
		recorded[g.key()] = g
	}
	for _, ap := range a.Approvals {
		if !ap.Guard {
			continue
		}
		name := fmt.Sprintf("%s on %s", ap.Command, ap.Event)
		g, ok := recorded[[2]string{ap.Event, ap.Command}]
		switch {
		case !exists:
			return fmt.Errorf("%w: %s is missing, but %s holds the approval of the guard %s", ErrGuardRecord, path, s.Path, name)
		case !ok:
			return fmt.Errorf("%w: %s lacks the guard %s that %s approved", ErrGuardRecord, path, name, s.Path)
		case !g.sameContent(ap):
			return fmt.Errorf("%w: %s holds other content for the guard %s than %s approved", ErrGuardRecord, path, name, s.Path)
		}
	}
	return nil
}

// RecordReadable reports whether the guard record can be read as it is (or is
// missing), so that writing it anew is its fix; false for one that must be removed first.
func (s *Store) RecordReadable() bool {
	_, _, err := s.readGuards()
	return err == nil
}

// readGuards reads the guard record as it is, and whether it exists. One that is a symlink
// (dangling or not), cannot be read, is not the expected shape, or is writable by others or
// owned by another user is an error wrapping ErrGuardRecord.
func (s *Store) readGuards() ([]Guard, bool, error) {
	rec, exists, err := s.readRecord()
	return rec.Guards, exists, err
}

// readRecord is readGuards that also returns the projects the record remembers.
func (s *Store) readRecord() (GuardRecord, bool, error) {
	path := s.GuardPath()
	// hookctl writes the record by rename, so a symlink there is someone else's doing; and a
	// dangling one must not read as "no record".
	lfi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return GuardRecord{}, false, nil
	}
	if err == nil && lfi.Mode()&fs.ModeSymlink != 0 {
		return GuardRecord{}, true, fmt.Errorf("%w: %s is a symlink", ErrGuardRecord, path)
	}
	data, fi, err := safefile.ReadFile(path, maxGuards)
	if err == nil && !os.SameFile(lfi, fi) {
		err = errors.New("it was replaced while it was read")
	}
	if err != nil {
		return GuardRecord{}, true, fmt.Errorf("%w: reading %s: %v", ErrGuardRecord, path, err)
	}
	if err := s.checkTrust(path, fi); err != nil {
		return GuardRecord{}, true, fmt.Errorf("%w: %w", ErrGuardRecord, err)
	}
	rec, err := decodeRecord(data)
	if err != nil {
		return GuardRecord{}, true, fmt.Errorf("%w: %s: %v", ErrGuardRecord, path, err)
	}
	return rec, true, nil
}

func decodeGuards(data []byte) ([]Guard, error) {
	rec, err := decodeRecord(data)
	return rec.Guards, err
}

// decodeRecord reads a guard record: its guards, and the projects it remembers.
func decodeRecord(data []byte) (GuardRecord, error) {
	// jsonx, not encoding/json: a run of a guarded event reads this file, and encoding/json's
	// reflection set-up costs a cold run more than the whole read (see the README).
	r := jsonx.NewReader(data)
	var version *int64
	var guards []Guard
	var projects []RememberedProject
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
		case "projects":
			var err error
			projects, err = readProjects(r)
			return err
		}
		return unknownKey(r, key)
	})
	if err == nil {
		err = r.End()
	}
	if err != nil {
		return GuardRecord{}, fmt.Errorf("not a guard record: %w", describe(err))
	}
	if version == nil || *version != fileVersion {
		return GuardRecord{}, errors.New("not a guard record of version 1")
	}
	if err := checkGuardList(guards); err != nil {
		return GuardRecord{}, err
	}
	return GuardRecord{Guards: guards, Projects: projects}, nil
}

// checkGuardList refuses a guard without an event or command, or one recorded twice.
func checkGuardList(guards []Guard) error {
	seen := make(map[[2]string]bool, len(guards))
	for _, g := range guards {
		if g.Event == "" || g.Command == "" {
			return errors.New("a guard without an event or command")
		}
		if seen[g.key()] {
			return fmt.Errorf("the guard %s is recorded twice", g)
		}
		seen[g.key()] = true
	}
	return nil
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
		case "pin":
			if g.Pin, err = r.StringOrNull(); err == nil && g.Pin != "" && g.Pin != config.PinExec {
				err = r.Errorf("pin %q is not %q", g.Pin, config.PinExec)
			}
		case "dialect":
			if g.Dialect, err = r.StringOrNull(); err == nil {
				_, err = agent.ForScript(g.Dialect)
			}
		case "files":
			g.Files = nil
			if r.Null() {
				return nil
			}
			var ws []filePinJSON
			err = r.Array(func() error {
				ws = append(ws, filePinJSON{})
				if r.Null() {
					return nil
				}
				return readFile(r, &ws[len(ws)-1])
			})
			if err == nil {
				g.Files, err = toFiles(ws)
			}
			if err == nil && g.Files == nil {
				g.Files = []FilePin{}
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
	return encodeRecord(guards, nil)
}

// encodeRecord writes a guard record: the guards, and the projects it remembers.
func encodeRecord(guards map[[2]string]Guard, projects []RememberedProject) []byte {
	f := guardFile{Version: new(int64(fileVersion)), Guards: guardsJSON(slices.Collect(maps.Values(guards)))}
	for _, p := range projects {
		f.Projects = append(f.Projects, projectGuardsJSON{Root: p.Root, Guards: guardsJSON(p.Guards)})
	}
	slices.SortFunc(f.Projects, func(a, b projectGuardsJSON) int { return strings.Compare(a.Root, b.Root) })
	out, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		panic("consent: encoding guard record: " + err.Error()) // strings and bools only
	}
	return append(out, '\n')
}

// guardsJSON is the guards' wire form, sorted by event and command.
func guardsJSON(guards []Guard) []guardJSON {
	list := make([]guardJSON, 0, len(guards))
	for _, g := range guards {
		w := guardJSON{Event: g.Event, Command: g.Command, Matcher: nonNil(g.Matcher), Agents: nonNil(g.Agents),
			FailClosed: g.FailClosed, Pin: g.Pin, Dialect: g.Dialect}
		if g.Files != nil {
			files := filesJSON(g.Files)
			if files == nil {
				files = []filePinJSON{}
			}
			w.Files = &files
		}
		list = append(list, w)
	}
	slices.SortFunc(list, func(a, b guardJSON) int {
		return strings.Compare(a.Event+"\x00"+a.Command, b.Event+"\x00"+b.Command)
	})
	return list
}

// changeGuards edits the guard record; the caller holds the allowlist's lock. change returns
// whether there is anything to write. A record that cannot be read or trusted is left as it is.
// In a project's store with the person's beside it (Store.Person), the same change is made
// first to the guards the person's record remembers of the project (remember.go).
func (s *Store) changeGuards(change func(map[[2]string]Guard) bool) error {
	rec, _, err := s.readRecord()
	if err != nil {
		return err
	}
	guards := make(map[[2]string]Guard, len(rec.Guards))
	for _, g := range rec.Guards {
		guards[g.key()] = g
	}
	if s.Person != nil && s.Root != "" {
		if err := s.Person.rememberChange(s.Root, rec.Guards, change); err != nil {
			return err
		}
	}
	if !change(guards) {
		return nil
	}
	path := s.GuardPath()
	removeStaleTemps(path)
	if err := safefile.WriteFile(path, encodeRecord(guards, rec.Projects), s.fileMode()); err != nil {
		return fmt.Errorf("saving guard record: %w", err)
	}
	return nil
}

// Change is a recorded guard that an approval would drop or change, and how.
type Change struct {
	Guard Guard
	// Why says what the approval changes: "" for a guard dropped or no longer configured as
	// recorded, else how its content (pin, files) differs.
	Why string
	// Now is the configured entry of the guard's (event, command), nil when there is none.
	Now *config.Hook
}

// Widens reports whether the configured hook h is the recorded guard g with only its matcher
// changed, to one that covers at least what g covered (SPEC 23.10): still a guard of the same
// event, command and agents, and in the tool table of each agent named in agents (every agent
// hookctl knows when none is), every tool g covered is covered by h, and so is an MCP tool if g
// covered one; a guard of every tool is widened by nothing but another.
func Widens(g Guard, h config.Hook, agents []string) bool {
	now := GuardOf(h)
	if !h.Guard() || now.Event != g.Event || now.Command != g.Command || !slices.Equal(now.Agents, g.Agents) {
		return false
	}
	if len(now.Matcher) == 0 {
		return true
	}
	if len(g.Matcher) == 0 || !config.IsToolEvent(g.Event) {
		return false
	}
	if len(agents) == 0 {
		agents = agent.Names()
	}
	for _, name := range agents {
		d, err := agent.Lookup(name)
		if err != nil {
			return false // toward the guard: a table hookctl does not have proves nothing
		}
		if len(g.Agents) > 0 && !slices.Contains(g.Agents, name) {
			continue
		}
		if len(uncovered(g, &now, name, append(slices.Clone(d.Tools), mcpProbes...))) > 0 {
			return false
		}
	}
	return true
}

// mcpProbes stand for the MCP tools no table lists, in the forms the agents name them: a
// matcher that covered them and no longer does is a narrowing, not a widening.
var mcpProbes = []string{"mcp__server__tool", "mcp_server_tool"}

// Dropped returns the recorded guards that approving p would drop or change: with anew
// (approve --all), every recorded guard the hooks do not hold as it is; else each recorded
// guard of an (event, command) approved as something else; and a guard whose content (its
// pin, or any file its command pins) differs from what was recorded (SPEC 18.1: a guard is
// its content). A command that does this must have the person's word (SPEC 17.1).
//
// A guard whose matcher was only widened (Widens, over the agents named in wired) is no
// change of what it covers: approving it asks nothing (SPEC 23.10).
func Dropped(recorded []Guard, p Prepared, anew bool, wired []string) []Change {
	type prepared struct {
		h  config.Hook
		ap Approval
	}
	now := map[[2]string]prepared{}
	for i, h := range p.Hooks {
		now[[2]string{h.Event, h.Command}] = prepared{h, p.Approvals[i]}
	}
	var out []Change
	for _, g := range recorded {
		n, ok := now[g.key()]
		switch {
		case !ok && anew:
			out = append(out, Change{Guard: g})
		case !ok:
		case !(n.h.Guard() && (GuardOf(n.h).Same(g) || Widens(g, n.h, wired))):
			h := n.h
			out = append(out, Change{Guard: g, Now: &h})
		default:
			if diff := contentChanges(g, n.h, guardOfApproval(n.h, n.ap)); len(diff) > 0 {
				h := n.h
				out = append(out, Change{Guard: g, Now: &h, Why: "its content changed: " + strings.Join(diff, "; ")})
			}
		}
	}
	return out
}

// Guards returns the guards the allowlist says were approved (Approval.Guard), as far as an
// approval tells them (its matcher as one string, its agents not known): what a guard record
// that cannot be trusted stood for.
func (a *Allowlist) Guards() []Guard {
	var out []Guard
	for _, ap := range a.Approvals {
		if ap.Guard {
			var m []string
			if ap.Matcher != "" && ap.Matcher != "*" {
				m = []string{ap.Matcher}
			}
			out = append(out, Guard{Event: ap.Event, Command: ap.Command, Matcher: nonNil(m), Agents: []string{},
				FailClosed: true, Pin: ap.Pin, Files: ap.pins(), Dialect: ap.Dialect})
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

// Drifted says how the content a run is about to use (s, as the dispatch holds it) differs from
// the content the guard's record pins, "" when it does not. No bypass accepts a recorded
// guard's change (SPEC 23.1): a gate that approves every hook still meets this check. A file
// the record pins by identity (root's) is checked where it is run; a record from before content
// was recorded pins nothing, and a file the record pins that the run does not read is left to
// the allowlist's check.
func (g Guard) Drifted(s Script) string {
	if g.Files == nil {
		return ""
	}
	if s.Err != nil {
		return fmt.Sprintf("its script cannot be read: %v", s.Err)
	}
	now := map[string]string{}
	if s.Pin != nil {
		now[s.Pin.Path] = s.Pin.SHA256
	}
	for _, f := range s.Files {
		if f.Err != nil {
			now[f.Path] = "(unreadable)"
		} else if !f.Pin.Identity() {
			now[f.Path] = f.Pin.SHA256
		}
	}
	for _, p := range g.Files {
		if cur, ok := now[p.Path]; ok && !p.Identity() && cur != p.SHA256 {
			return fmt.Sprintf("%s changed since the guard was approved", p.Path)
		}
	}
	return ""
}
