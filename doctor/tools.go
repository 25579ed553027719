package doctor

import (
	"fmt"
	"slices"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/audit"
)

// UnnamedTools reports the tools the audit log shows an agent sent that hookctl has no name
// for (SPEC 23.4): a matcher of hookctl's names does not match them, and a hook of another
// dialect is told the agent's own name. One warning per agent and tool, with how many times
// it was seen, in the order first seen; only agent's entries when agent is not nil. A log
// that cannot be read is a warning too; a missing one is no entries.
func UnnamedTools(log *audit.Log, only *agent.Dialect) []Finding {
	type seen struct {
		agent *agent.Dialect
		tool  string
		count int
	}
	var tools []seen
	r := &audit.Reader{Log: log}
	if only != nil {
		r.Filter.Agent = only.Name
	}
	err := r.Read(func(e audit.Entry) error {
		if e.Tool == "" {
			return nil
		}
		d, err := agent.Lookup(e.Agent)
		if err != nil {
			return nil // not a dialect of this hookctl: nothing to name its tools by
		}
		if _, known := d.HookctlTool(e.Tool); known {
			return nil
		}
		i := slices.IndexFunc(tools, func(s seen) bool { return s.agent == d && s.tool == e.Tool })
		if i < 0 {
			tools = append(tools, seen{agent: d, tool: e.Tool})
			i = len(tools) - 1
		}
		tools[i].count++
		return nil
	})
	var out []Finding
	if err != nil {
		out = append(out, Finding{Severity: SeverityWarning, Check: "tool_names",
			Message: fmt.Sprintf("the audit log cannot be read for the tools the agents sent: %v", err),
			Fix:     "hookctl log shows what it can read of " + log.Path})
	}
	for _, s := range tools {
		out = append(out, Finding{Severity: SeverityWarning, Check: "tool_names",
			Message: fmt.Sprintf("%s sent tool %q %s, which hookctl has no name for: a matcher of hookctl's names does not match it",
				s.agent.Title, s.tool, times(s.count)),
			Fix: fmt.Sprintf("name it as %s does (%s) in the matchers meant to cover it", s.agent.Title, s.tool)})
	}
	return out
}

func times(n int) string {
	if n == 1 {
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}
