//go:build e2e

package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// The tools each agent really sends (SPEC 19): the names of the tools it offered the model,
// and the tool name and input keys of the tool-event payloads its hooks were sent for a shell
// call, kept per agent in e2e/testdata/tools/AGENT.golden (E2E_UPDATE=1 rewrites them); agent
// tool tables (agent/tools.go) and docs/agents.md are built from them. Beside them a
// dialect: hookctl post-tool hook sees hookctl's name, terminal, and tool_input.command.
func init() {
	cases = append(cases, Case{
		Name: "tools-every-agent",
		Does: "the tools the agent offered the model and the tool name and input keys its pre- and post-tool hooks were sent for a shell call match e2e/testdata/tools; a dialect: hookctl post-tool hook sees terminal and tool_input.command",
		Run:  toolsSent,
	})
}

func toolsSent(e *Env) {
	e.Hook("pre.sh", "pre", "sh", "echo '{}'")
	e.Hook("post.sh", "post", "sh", "echo '{}'")
	e.Hook("own.sh", "own", "sh", "echo '{}'")
	e.Setup(`hooks:
  pre_tool_call:
    - command: ./pre.sh
  post_tool_call:
    - command: ./post.sh
    - matcher: terminal
      command: ./own.sh
      dialect: hookctl
`)
	e.Script("echo e2e-tools; "+e.MarkCommand("ran"), "done")
	e.RunOK(prompt)
	e.Check(e.Marked("ran"), "the shell call did not run")

	var offered []string
	for _, r := range e.Model.Requests() {
		for _, t := range r.Tools {
			if !slices.Contains(offered, t) && !strings.HasPrefix(t, "mcp") {
				offered = append(offered, t)
			}
		}
	}
	slices.Sort(offered)
	var b strings.Builder
	b.WriteString("# The tools " + e.Agent.Name + " offered the model (MCP tools left out).\n")
	for _, t := range offered {
		b.WriteString("offered " + t + "\n")
	}
	b.WriteString("# The tool-event payloads its hooks were sent for a shell call: event, tool, input keys.\n")
	for _, hook := range []struct{ name, event string }{{"pre", "pre_tool_call"}, {"post", "post_tool_call"}} {
		var lines []string
		for _, p := range e.HookPayloads(hook.name) {
			tool, keys := e.toolOf([]byte(p))
			line := fmt.Sprintf("%s %s %s", hook.event, tool, strings.Join(keys, ","))
			if !slices.Contains(lines, line) {
				lines = append(lines, line)
			}
		}
		if len(lines) == 0 {
			e.Errorf("the %s hook never ran", hook.event)
		}
		for _, l := range lines {
			b.WriteString(l + "\n")
		}
	}
	e.golden("tools/"+e.Agent.Name+".golden", b.String())

	own := e.HookPayloads("own")
	if len(own) == 0 {
		e.Errorf("the dialect: hookctl post-tool hook never ran")
		return
	}
	var v struct {
		Tool      string `json:"tool_name"`
		Agent     string `json:"agent"`
		AgentTool string `json:"agent_tool_name"`
		Input     struct {
			Command string `json:"command"`
		} `json:"tool_input"`
	}
	if err := json.Unmarshal([]byte(own[len(own)-1]), &v); err != nil || v.Tool != "terminal" || !strings.Contains(v.Input.Command, "e2e-tools") || v.Agent != e.Agent.Name {
		e.Errorf("the dialect: hookctl post-tool hook saw %s, want tool_name terminal, tool_input.command and agent %s", clipN(own[len(own)-1], 300), e.Agent.Name)
	}
	e.Saw("the dialect: hookctl post-tool hook saw %q for %s's %q", v.Tool, e.Agent.Name, v.AgentTool)
}

// toolOf is the tool name and the sorted keys of the tool input of one of the agent's
// payloads (a tool input sent as a JSON string holding an object is read as that object).
func (e *Env) toolOf(payload []byte) (string, []string) {
	var p struct {
		ToolName  string          `json:"tool_name"`
		ToolInput json.RawMessage `json:"tool_input"`
	}
	_ = json.Unmarshal(payload, &p)
	if e.Agent.ToolOf != nil {
		p.ToolName, p.ToolInput = e.Agent.ToolOf(payload)
	}
	var s string
	if json.Unmarshal(p.ToolInput, &s) == nil {
		p.ToolInput = json.RawMessage(s)
	}
	var in map[string]json.RawMessage
	if json.Unmarshal(p.ToolInput, &in) != nil {
		return p.ToolName, []string{"(not an object: " + clipN(string(p.ToolInput), 40) + ")"}
	}
	keys := make([]string, 0, len(in))
	for k := range in {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return p.ToolName, keys
}
