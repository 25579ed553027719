package doctor

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// DialectFindings reports the recorded guards that would not guard an agent as they were
// approved to (SPEC 19): a guard with no dialect that one wired agent would feed a payload of
// another shape than another wired agent it was approved under, and a guard on pre_tool_call
// that covers some agent's shell tool but none of this one's. wired names the agents wired to
// hookctl, in order; adding, when not "", is the agent being wired now, and only it is judged,
// against the others.
func DialectFindings(guards []consent.Guard, wired []string, adding string) []Finding {
	var out []Finding
	judged := wired
	if adding != "" {
		judged = []string{adding}
		wired = slices.DeleteFunc(slices.Clone(wired), func(n string) bool { return n == adding })
	}
	for _, g := range guards {
		for _, name := range judged {
			d, err := agent.Lookup(name)
			if err != nil || !runsUnder(g, name) {
				continue
			}
			if f, ok := shapeFinding(g, d, wired); ok {
				out = append(out, f)
			}
			if f, ok := shellFinding(g, d); ok {
				out = append(out, f)
			}
		}
	}
	return out
}

func runsUnder(g consent.Guard, name string) bool {
	return len(g.Agents) == 0 || slices.Contains(g.Agents, name)
}

// shapeFinding is the error of a guard with no dialect fed d's payload while another agent it
// runs under, wired before d (in wired's order), sends another shape.
func shapeFinding(g consent.Guard, d *agent.Dialect, wired []string) (Finding, bool) {
	if g.Dialect != "" {
		return Finding{}, false
	}
	for _, name := range wired {
		if name == d.Name {
			return Finding{}, false // judged against the agents before it only
		}
		o, err := agent.Lookup(name)
		if err != nil || !runsUnder(g, name) || o.SameShape(d) {
			continue
		}
		return Finding{Severity: SeverityError, Event: g.Event, Command: g.Command, Check: "dialect",
			Message: fmt.Sprintf("guard %s has no dialect: it reads %s's payload, and %s feeds it %s's own, of another shape (its tool names and keys), so it may let through under %s what it blocks under %s",
				g, o.Title, d.Title, d.Title, d.Title, o.Title),
			Fix: fmt.Sprintf("name the protocol its script speaks: add dialect: %s (a script written for %s) or dialect: %s (hookctl's own) to its entry; then, at a terminal: hookctl hooks approve --all",
				scriptDialectFor(o), o.Title, agent.ScriptHookctl)}, true
	}
	return Finding{}, false
}

// scriptDialectFor is the dialect that feeds a script written for o as o does, claude-code
// when o has none of its own (its scripts are most often Claude Code's shape).
func scriptDialectFor(o *agent.Dialect) string {
	if s := o.ScriptName(); s != "" {
		return s
	}
	return agent.ScriptClaudeCode
}

// shellFinding is the error of a guard on pre_tool_call that covers some agent's shell tool
// but none of d's: a shell guard that does not guard d's shell. A guard of other tools only
// (Write) is not one.
func shellFinding(g consent.Guard, d *agent.Dialect) (Finding, bool) {
	if g.Event != "pre_tool_call" || len(g.Matcher) == 0 || covers(g, d) {
		return Finding{}, false
	}
	any := g
	any.Agents = nil
	for _, o := range agent.Dialects() {
		if covers(any, o) {
			return Finding{Severity: SeverityError, Event: g.Event, Command: g.Command, Check: "dialect",
				Message: fmt.Sprintf("guard %s covers none of %s's shell tools (%s): %s's shell commands are not guarded",
					g, d.Title, strings.Join(d.ShellTools(), ", "), d.Title),
				Fix: "put terminal in its matcher (hookctl's name for every agent's shell tool) and name the protocol its script speaks (dialect: hookctl, or dialect: claude-code for a Claude Code script); then, at a terminal: hookctl hooks approve --all"}, true
		}
	}
	return Finding{}, false
}

// covers reports whether the guard covers one of d's shell tools.
func covers(g consent.Guard, d *agent.Dialect) bool {
	for _, t := range d.ShellTools() {
		if g.Covers("pre_tool_call", d.Name, &t, true) {
			return true
		}
	}
	return false
}

// agentWords are words of one agent's payload or answer that no other agent uses: a script
// with no dialect that names one was written for that agent (SPEC 19).
var agentWords = []struct{ word, agent string }{
	{"PreToolUse", "claude-code"}, {"PostToolUse", "claude-code"}, {"UserPromptSubmit", "claude-code"},
	{"hookSpecificOutput", "claude-code"}, {"permissionDecision", "claude-code"}, {"updatedInput", "claude-code"},
	{"toolArgs", "copilot"}, {"toolName", "copilot"},
	{"BeforeTool", "gemini"}, {"AfterTool", "gemini"},
	{"beforeShellExecution", "cursor"}, {"agent_message", "cursor"}, {"workspace_roots", "cursor"},
	{"agent_action_name", "windsurf"}, {"tool_info", "windsurf"},
	{"tool_call", "cline"}, {"preToolUse", "cline"},
}

// scriptDialectWarning is the warning of a hook with no dialect whose script names one agent's
// events or answer keys: under another agent it is fed that agent's payload, and may read
// nothing. A hook kept to its agents, or with a dialect, has none.
func scriptDialectWarning(h config.Hook) (Finding, bool) {
	if h.Dialect != "" || len(h.Agents) > 0 || !h.Pinned() {
		return Finding{}, false
	}
	f, err := os.Open(h.Script)
	if err != nil {
		return Finding{}, false
	}
	defer f.Close()
	text, _ := io.ReadAll(io.LimitReader(f, 256<<10))
	for _, w := range agentWords {
		if !strings.Contains(string(text), w.word) {
			continue
		}
		d, err := agent.Lookup(w.agent)
		if err != nil {
			continue
		}
		fix := fmt.Sprintf("add agents: [%s] to its entry to run it under %s only", d.Name, d.Title)
		if s := d.ScriptName(); s != "" {
			fix = fmt.Sprintf("add dialect: %s to its entry (it is then fed %s's payload under every agent), or agents: [%s] to run it under %s only", s, d.Title, d.Name, d.Title)
		}
		return Finding{Severity: SeverityWarning, Event: h.Event, Command: h.Command, Check: "dialect",
			Message: fmt.Sprintf("script %s names %s's %s but its entry has no dialect: under another agent it is fed that agent's own payload", h.Script, d.Title, w.word),
			Fix:     fix}, true
	}
	return Finding{}, false
}
