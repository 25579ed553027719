package runner

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/wintest"
)

// Scripts in the two protocols a config entry may name (SPEC 19). Each blocks only a call it
// reads in its own protocol's keys and names: fed another agent's shape, it would let rm -rf by.
var dialectScripts = map[string]string{
	// hookctl's protocol: Hermes's keys and hookctl's tool name.
	"own.sh": `#!/bin/sh
jq -e '.hook_event_name == "pre_tool_call" and .tool_name == "terminal" and (.tool_input.command | test("rm -rf"))' >/dev/null || exit 0
echo "no rm -rf here" >&2
exit 2
`,
	// Claude Code's, answering with exit status 2.
	"cc-exit2.sh": `#!/bin/sh
jq -e '.hook_event_name == "PreToolUse" and .tool_name == "Bash" and (.tool_input.command | test("rm -rf"))' >/dev/null || exit 0
echo "Blocked: rm -rf" >&2
exit 2
`,
	// Claude Code's, answering with a permission decision.
	"cc-json.sh": `#!/bin/sh
jq -e '.hook_event_name == "PreToolUse" and .tool_name == "Bash" and (.tool_input.command | test("rm -rf"))' >/dev/null || exit 0
echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Blocked by policy"}}'
`,
	// hookctl's protocol, rewriting the command in hookctl's keys.
	"own-rewrite.sh": `#!/bin/sh
jq -c '{decision: "modify", modifiedParams: {command: ("echo rewritten; " + .tool_input.command)}}'
`,
	// Claude Code's, rewriting the whole input with updatedInput.
	"cc-rewrite.sh": `#!/bin/sh
jq -c '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: (.tool_input + {command: "echo rewritten"})}}'
`,
	// Prints what it was fed.
	"cat.sh": "#!/bin/sh\ncat\n",
	// Prints the tool's name it was given in its environment.
	"env.sh": "#!/bin/sh\ncat >/dev/null\necho \"$HOOKCTL_TOOL_NAME\" >&2\n",
}

// dialectConfig writes the scripts and a config of pre_tool_call entries (YAML lines each).
func dialectConfig(t *testing.T, entries ...string) *config.Config {
	wintest.NeedsShell(t)
	t.Helper()
	dir := t.TempDir()
	for name, text := range dialectScripts {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	y := "hooks:\n  pre_tool_call:\n"
	for _, e := range entries {
		y += "    - " + strings.ReplaceAll(e, "\n", "\n      ") + "\n"
	}
	path := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(path, []byte(y), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(path, config.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range cfg.Problems {
		t.Fatalf("config: %s", p)
	}
	return cfg
}

// shellCall is the agent's own payload of a call of its shell tool running command, as
// `hooks test --command` fires it, and what hookctl reads of it.
func shellCall(t *testing.T, d *agent.Dialect, command string) (agent.Call, []byte) {
	t.Helper()
	for _, m := range d.AgentEvents("pre_tool_call") {
		named := ""
		if d.EventFromArgs {
			named = m.AgentEvent
		}
		raw := d.Synthetic(m, t.TempDir())
		call, err := d.ReadPayloadAs(raw, named)
		if err != nil || call.ToolName == nil {
			continue
		}
		if own, _ := d.HookctlTool(*call.ToolName); own != agent.ToolTerminal {
			continue
		}
		if raw, err = d.WithCommand(raw, call, command); err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		if call, err = d.ReadPayloadAs(raw, named); err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		return call, raw
	}
	t.Fatalf("%s has no synthetic shell call", d.Name)
	return agent.Call{}, nil
}

func fireCall(t *testing.T, cfg *config.Config, d *agent.Dialect, call agent.Call, raw []byte) *Result {
	t.Helper()
	disp := &Dispatcher{Config: cfg, Consent: TrustAll{}, Home: cfg.Dir}
	res, err := disp.dispatchAgent(context.Background(), d, call, "pre_tool_call", raw)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// One guard, every agent (SPEC 19): a guard in hookctl's protocol, and Claude Code guards
// (exit 2; a permission decision) marked dialect: claude-code, block rm -rf through each
// agent's own shell call, and let echo through.
func TestDialectGuardsEveryAgent(t *testing.T) {
	t.Parallel()
	guards := map[string]string{
		"hookctl":              "command: ./own.sh\nmatcher: terminal\nfail_closed: true\ndialect: hookctl",
		"claude-code exit 2":   "command: ./cc-exit2.sh\nmatcher: Bash\nfail_closed: true\ndialect: claude-code",
		"claude-code decision": "command: ./cc-json.sh\nmatcher: Bash\nfail_closed: true\ndialect: claude-code",
	}
	for name, entry := range guards {
		cfg := dialectConfig(t, entry)
		for _, d := range agent.Dialects() {
			call, raw := shellCall(t, d, "rm -rf /")
			if res := fireCall(t, cfg, d, call, raw); res.Decision != DecisionBlock {
				t.Errorf("%s guard under %s: rm -rf decision %q (%+v), want block", name, d.Name, res.Decision, res.Hooks)
			}
			call, raw = shellCall(t, d, "echo hello")
			if res := fireCall(t, cfg, d, call, raw); res.Decision != DecisionAllow || res.Hooks[0].Status != StatusOK {
				t.Errorf("%s guard under %s: echo decision %q (%+v), want allow", name, d.Name, res.Decision, res.Hooks)
			}
		}
	}
}

// Without a dialect a Claude Code script gets each agent's own bytes (SPEC 9.1): it blocks
// under Claude Code, and its matcher Bash does not even match Copilot's bash.
func TestNoDialectIsTheAgentsOwn(t *testing.T) {
	t.Parallel()
	cfg := dialectConfig(t, "command: ./cc-exit2.sh\nmatcher: Bash\nfail_closed: true")
	for name, want := range map[string]string{"claude-code": DecisionBlock, "copilot": DecisionAllow} {
		d, _ := agent.Lookup(name)
		call, raw := shellCall(t, d, "rm -rf /")
		if res := fireCall(t, cfg, d, call, raw); res.Decision != want {
			t.Errorf("under %s: decision %q, want %q", name, res.Decision, want)
		}
	}
}

// What each protocol is fed: hookctl's keys with the agent's call beside them; Claude Code's
// shape; and under Claude Code itself, a Claude Code script gets the bytes unchanged.
func TestDialectPayloads(t *testing.T) {
	t.Parallel()
	own := dialectConfig(t, "command: ./cat.sh\ndialect: hookctl")
	cc := dialectConfig(t, "command: ./cat.sh\ndialect: claude-code")
	cline, _ := agent.Lookup("cline")
	call, raw := shellCall(t, cline, "ls -l")
	var got map[string]json.RawMessage
	if err := json.Unmarshal([]byte(fireCall(t, own, cline, call, raw).Hooks[0].Stdout), &got); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]string{
		"hook_event_name": `"pre_tool_call"`, "tool_name": `"terminal"`, "tool_input": `{"command":"ls -l"}`,
		"agent": `"cline"`, "agent_tool_name": `"run_commands"`, "agent_payload": string(raw), "session_id": `"test-session"`,
	} {
		if string(got[k]) != want {
			t.Errorf("hookctl protocol under Cline: %s = %s, want %s", k, got[k], want)
		}
	}
	got = nil
	if err := json.Unmarshal([]byte(fireCall(t, cc, cline, call, raw).Hooks[0].Stdout), &got); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]string{"hook_event_name": `"PreToolUse"`, "tool_name": `"Bash"`, "tool_input": `{"command":"ls -l"}`} {
		if string(got[k]) != want {
			t.Errorf("Claude Code protocol under Cline: %s = %s, want %s", k, got[k], want)
		}
	}
	if _, ok := got["agent_payload"]; ok {
		t.Error("Claude Code protocol carries agent_payload")
	}
	// HOOKCTL_TOOL_NAME names the tool as the hook's dialect does.
	for entry, want := range map[string]string{"command: ./env.sh\ndialect: hookctl": "terminal", "command: ./env.sh\ndialect: claude-code": "Bash", "command: ./env.sh": "run_commands"} {
		if got := strings.TrimSpace(fireCall(t, dialectConfig(t, entry), cline, call, raw).Hooks[0].Stderr); got != want {
			t.Errorf("%s under Cline: HOOKCTL_TOOL_NAME=%s, want %s", entry, got, want)
		}
	}
	claude, _ := agent.Lookup("claude-code")
	call, raw = shellCall(t, claude, "ls -l")
	if out := fireCall(t, cc, claude, call, raw).Hooks[0].Stdout; strings.TrimSpace(out) != string(raw) {
		t.Errorf("Claude Code script under Claude Code read\n%s\nwant the bytes\n%s", out, raw)
	}
}

// A rewrite in the script's keys reaches the agent in its own (SPEC 19), laid over its input;
// one the agent's shape cannot take is a deny, never dropped (SPEC 23.2).
func TestDialectRewriteBack(t *testing.T) {
	t.Parallel()
	for _, entry := range []string{"command: ./own-rewrite.sh\ndialect: hookctl", "command: ./cc-rewrite.sh\ndialect: claude-code"} {
		cfg := dialectConfig(t, entry)
		for name, key := range map[string]string{"cline": "commands", "windsurf": "command_line", "copilot": "command", "codex": "command"} {
			d, _ := agent.Lookup(name)
			call, raw := shellCall(t, d, "ls")
			res := fireCall(t, cfg, d, call, raw)
			if res.Decision == DecisionBlock || res.ToolInput == nil {
				t.Errorf("%s under %s: decision %q, input %s (%+v)", entry, name, res.Decision, res.ToolInput, res.Hooks)
				continue
			}
			var in map[string]json.RawMessage
			if err := json.Unmarshal(res.ToolInput, &in); err != nil || !strings.Contains(string(in[key]), "echo rewritten") {
				t.Errorf("%s under %s: rewritten input %s, want %s rewritten", entry, name, res.ToolInput, key)
			}
			if _, ok := in["command"]; key != "command" && ok {
				t.Errorf("%s under %s: hookctl's key left in the agent's input %s", entry, name, res.ToolInput)
			}
		}
	}
	// Cline's file list takes one path back; a rewrite giving a path that is not a string
	// still maps, but a rewrite of Codex's argv command to a list cannot be carried.
	cfg := dialectConfig(t, "command: ./hook.sh\ndialect: hookctl")
	if err := os.WriteFile(filepath.Join(cfg.Dir, "hook.sh"), []byte("#!/bin/sh\necho '{\"decision\":\"modify\",\"modifiedParams\":{\"command\":[\"rm\",\"-rf\",\"/\"]}}'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	codex, _ := agent.Lookup("codex")
	call, raw := shellCall(t, codex, "ls")
	res := fireCall(t, cfg, codex, call, raw)
	if res.Decision != DecisionBlock || !strings.HasPrefix(res.Reason, "confirmation required: ") {
		t.Errorf("a rewrite Codex cannot take: decision %q (%s), want a deny", res.Decision, res.Reason)
	}
}

// A matcher names the tool in the entry's dialect too (SPEC 23.4): a Claude Code script's
// Bash matches Gemini CLI's run_shell_command, and its Read nothing of the shell.
func TestDialectMatcher(t *testing.T) {
	t.Parallel()
	cfg := dialectConfig(t, "command: ./cat.sh\nmatcher: Bash\ndialect: claude-code", "command: ./cat.sh\nmatcher: Read\ndialect: claude-code")
	gemini, _ := agent.Lookup("gemini")
	call, raw := shellCall(t, gemini, "ls")
	res := fireCall(t, cfg, gemini, call, raw)
	if res.Hooks[0].Status != StatusOK || res.Hooks[1].Status != StatusNoMatch {
		t.Errorf("statuses %s, %s; want ok, no_match", res.Hooks[0].Status, res.Hooks[1].Status)
	}
}

// Under plain `hookctl run` (Hermes's payload) a Claude Code script marked dialect: claude-code
// is fed Claude Code's shape, and a hookctl one gets the payload as it is.
func TestDialectUnderHermes(t *testing.T) {
	t.Parallel()
	for _, entry := range []string{"command: ./cc-exit2.sh\nmatcher: Bash\ndialect: claude-code", "command: ./own.sh\nmatcher: terminal\ndialect: hookctl"} {
		cfg := dialectConfig(t, entry)
		disp := &Dispatcher{Config: cfg, Consent: TrustAll{}, Home: cfg.Dir}
		for cmd, want := range map[string]string{"rm -rf /": DecisionBlock, "ls": DecisionAllow} {
			tool := "terminal"
			p := &Payload{ToolName: &tool, ToolInput: json.RawMessage(`{"command":` + strconv.Quote(cmd) + `}`)}
			res, err := disp.dispatch(context.Background(), "pre_tool_call", p)
			if err != nil {
				t.Fatal(err)
			}
			if res.Decision != want {
				t.Errorf("%s on %q: decision %q (%+v), want %q", entry, cmd, res.Decision, res.Hooks, want)
			}
		}
	}
}
