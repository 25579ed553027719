package runner

import (
	"context"
	"encoding/json"

	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
)

// The attack: a hook's answer repeats a key, deny first, approve last. A reader keeping the
// last value (as encoding/json and the old reader did) lets the call through; hookctl must
// block, in Hermes's dialect as in every other.
func TestDispatchRepeatedKeyBlocks(t *testing.T) {
	t.Parallel()
	for _, answer := range []string{
		`{"decision":"block","reason":"no","decision":"approve"}`,
		`{"action":"block","message":"no","action":"allow"}`,
		`{"hookSpecificOutput":{"permissionDecision":"deny"},"hookSpecificOutput":{"permissionDecision":"allow"}}`,
	} {
		cfg := setupDispatch(t, "", "pre_tool_call", hookEntry{command: hookCmd(answer)})
		res := fire(t, cfg, "pre_tool_call", toolPayload)
		if res.Decision != DecisionBlock {
			t.Errorf("%s: decision %q, want block", answer, res.Decision)
		}
		for _, name := range []string{"claude-code", "codex", "gemini", "cursor"} {
			d, _ := agent.Lookup(name)
			event, _ := d.InstallEvent("pre_tool_call")
			res := fireAgent(t, cfg, name, `{"hook_event_name":"`+event+`","tool_name":"Bash","tool_input":{}}`)
			if res.Decision != DecisionBlock {
				t.Errorf("%s %s: decision %q, want block", name, answer, res.Decision)
			}
		}
	}
}

func fireAgent(t *testing.T, cfg *config.Config, name, payload string) *Result {
	t.Helper()
	d, err := agent.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	call, err := d.ReadPayload([]byte(payload))
	if err != nil {
		t.Fatal(err)
	}
	disp := &Dispatcher{Config: cfg, Consent: TrustAll{}, Home: cfg.Dir}
	res, err := disp.dispatchAgent(context.Background(), d, call, call.Mapping.Event, []byte(payload))
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Under an agent, hooks read the agent's payload byte for byte, and their environment names the
// agent and its tool.
func TestDispatchAgentPayloadVerbatim(t *testing.T) {
	t.Parallel()
	payload := "{ \"hook_event_name\" : \"PreToolUse\",\n\"tool_name\":\"Bash\", \"tool_input\":{\"command\":\"ls\"},\"transcript_path\":null, \"x\":\"\\u00e9\" }"
	cfg := setupDispatch(t, "", "pre_tool_call", hookEntry{command: hookCmd("-i", "-v")})
	res := fireAgent(t, cfg, "claude-code", payload)
	h := res.Hooks[0]
	if h.Stdout != payload+"\n" && h.Stdout != payload {
		t.Errorf("hook read\n%q\nwant\n%q", h.Stdout, payload)
	}
	if !strings.Contains(h.Stderr, "HOOKCTL_AGENT=claude-code\n") || !strings.Contains(h.Stderr, "HOOKCTL_TOOL_NAME=Bash\n") ||
		!strings.Contains(h.Stderr, "HOOKCTL_EVENT=pre_tool_call\n") {
		t.Errorf("hook environment:\n%s", h.Stderr)
	}
}

// An entry's agents list keeps a script written for one dialect from being fed another's.
func TestDispatchAgentsList(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	yaml := "hooks:\n  pre_tool_call:\n" +
		"    - command: /bin/true cursor-only\n      agents: [cursor]\n" +
		"    - command: /bin/true claude-and-hermes\n      agents: [claude-code, hermes]\n" +
		"    - command: /bin/true everyone\n"
	cfg := config.Parse(filepath.Join(dir, "config.yaml"), []byte(yaml), config.Options{})
	if len(cfg.Problems) > 0 {
		t.Fatal(cfg.Problems)
	}
	commands := func(res *Result) string {
		var cs []string
		for _, h := range res.Hooks {
			cs = append(cs, strings.TrimPrefix(h.Command, "/bin/true "))
		}
		return strings.Join(cs, ",")
	}
	if got := commands(fire(t, cfg, "pre_tool_call", `{}`)); got != "claude-and-hermes,everyone" {
		t.Errorf("hermes ran %s", got)
	}
	if got := commands(fireAgent(t, cfg, "cursor", `{"hook_event_name":"preToolUse","tool_name":"Shell"}`)); got != "cursor-only,everyone" {
		t.Errorf("cursor ran %s", got)
	}
	if got := commands(fireAgent(t, cfg, "gemini", `{"hook_event_name":"BeforeTool","tool_name":"x"}`)); got != "everyone" {
		t.Errorf("gemini ran %s", got)
	}
}

// Claude Code's updatedInput replaces the input: the first in config order wins, nothing of
// the old input survives; Hermes's modify merges.
func TestDispatchAgentReplaceAndMerge(t *testing.T) {
	t.Parallel()
	cfg := setupDispatch(t, "", "pre_tool_call",
		hookEntry{command: hookCmd(`{"hookSpecificOutput":{"updatedInput":{"command":"first"}}}`)},
		hookEntry{command: hookCmd(`{"hookSpecificOutput":{"updatedInput":{"command":"second"}}}`)},
		hookEntry{command: hookCmd(`{"action":"modify","args":{"timeout":5}}`)},
	)
	res := fireAgent(t, cfg, "claude-code", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /","description":"x"}}`)
	var got map[string]any
	if err := json.Unmarshal(res.ToolInput, &got); err != nil {
		t.Fatal(err)
	}
	if got["command"] != "first" || got["description"] != nil || got["timeout"] != float64(5) || len(got) != 2 {
		t.Errorf("tool input %s, want the first replacement with the later merge over it", res.ToolInput)
	}
	if res.RewrittenBy != cfg.HooksFor("pre_tool_call")[0].Command {
		t.Errorf("rewritten by %q", res.RewrittenBy)
	}
	// An agent that merges a rewrite into the input (Factory Droid) is told what it cannot drop.
	if !slices.Equal(res.Dropped, []string{"description"}) {
		t.Errorf("dropped %q, want [description]", res.Dropped)
	}
}

// What an agent's event honours follows the agent: Claude Code's PostToolUse can block (feed
// the reason back), its Stop reads a block as keep working, its UserPromptSubmit takes plain
// text as context; the same answers under Hermes's names do not.
func TestDispatchAgentHonours(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		event, agentEvent, answer, decision, context string
		halt                                         bool
	}{
		{"post_tool_call", "PostToolUse", `{"decision":"block","reason":"lint"}`, DecisionBlock, "", false},
		{"pre_verify", "Stop", `{"decision":"block","reason":"tests"}`, DecisionContinue, "", false},
		{"pre_llm_call", "UserPromptSubmit", `it is noon`, DecisionAllow, "it is noon", false},
		{"pre_llm_call", "UserPromptSubmit", `{"decision":"block","reason":"no"}`, DecisionBlock, "", false},
		{"on_session_start", "SessionStart", `{"continue":false,"stopReason":"bye"}`, DecisionAllow, "", true},
	} {
		cfg := setupDispatch(t, "", tc.event, hookEntry{command: hookCmd(tc.answer)})
		res := fireAgent(t, cfg, "claude-code", `{"hook_event_name":"`+tc.agentEvent+`","tool_name":"Bash"}`)
		if res.Decision != tc.decision || res.Context != tc.context || res.Halt != tc.halt {
			t.Errorf("%s %s: decision %q context %q halt %v", tc.agentEvent, tc.answer, res.Decision, res.Context, res.Halt)
		}
	}
}

// Exit status 2 under Claude Code: stderr is the reason and stdout is ignored, on the events
// where it blocks; elsewhere it is a failure.
func TestDispatchAgentExit2(t *testing.T) {
	t.Parallel()
	cfg := setupDispatch(t, "", "pre_tool_call", hookEntry{command: hookCmd(`{"reason":"from stdout"}`, "-e", "from stderr", "-x", "2")})
	res := fireAgent(t, cfg, "claude-code", `{"hook_event_name":"PreToolUse","tool_name":"Bash"}`)
	if res.Decision != DecisionBlock || res.Reason != "from stderr" {
		t.Errorf("decision %q reason %q, want a block with stderr's reason", res.Decision, res.Reason)
	}
	cfg = setupDispatch(t, "", "on_session_end", hookEntry{command: hookCmd("-e", "oops", "-x", "2")})
	res = fireAgent(t, cfg, "claude-code", `{"hook_event_name":"SessionEnd"}`)
	if res.Decision != DecisionAllow || res.Hooks[0].Status != StatusFailed {
		t.Errorf("SessionEnd exit 2: decision %q status %q, want a failure", res.Decision, res.Hooks[0].Status)
	}
}

// Plain text is Claude Code's context only from a hook that exited 0; a failing hook's stdout is
// not its answer unless it is JSON.
func TestDispatchAgentPlainTextNeedsExit0(t *testing.T) {
	t.Parallel()
	cfg := setupDispatch(t, "", "pre_llm_call",
		hookEntry{command: hookCmd("it is noon", "-x", "1")},
		hookEntry{command: hookCmd(`{"hookSpecificOutput":{"additionalContext":"json counts"}}`, "-x", "1")})
	res := fireAgent(t, cfg, "claude-code", `{"hook_event_name":"UserPromptSubmit","prompt":"p"}`)
	if res.Context != "json counts" || res.Hooks[0].Status != StatusFailed {
		t.Errorf("context %q, statuses %v", res.Context, hookStatuses(res))
	}
}

// A failed hook is a failure in every dialect: a fail_closed hook that exits non-zero (other
// than with the dialect's blocking status) blocks whatever it printed, and no failure keeps the
// agent working. Claude Code's plain text on exit 1 was once read as a successful answer.
func TestDispatchAgentFailedHook(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		agent, agentEvent, event string
		failClosed               bool
		steps                    []string
		want                     string
	}{
		{"claude-code", "PreToolUse", "pre_tool_call", true, []string{"all good", "-x", "1"}, DecisionBlock},
		{"codex", "PreToolUse", "pre_tool_call", true, []string{"all good", "-x", "1"}, DecisionBlock},
		{"claude-code", "PreToolUse", "pre_tool_call", true, []string{"{}", "-x", "1"}, DecisionBlock},
		{"codex", "PreToolUse", "pre_tool_call", true, []string{`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}`, "-x", "3"}, DecisionBlock},
		{"gemini", "BeforeTool", "pre_tool_call", true, []string{"all good", "-x", "1"}, DecisionBlock},
		{"gemini", "BeforeTool", "pre_tool_call", true, []string{`{"decision":"allow"}`, "-x", "1"}, DecisionBlock},
		{"cursor", "preToolUse", "pre_tool_call", true, []string{`{"permission":"allow"}`, "-x", "1"}, DecisionBlock},
		{"claude-code", "UserPromptSubmit", "pre_llm_call", true, []string{"some context", "-x", "1"}, DecisionBlock},
		// Without fail_closed a failure is not a block.
		{"claude-code", "PreToolUse", "pre_tool_call", false, []string{"all good", "-x", "1"}, DecisionAllow},
		// A failed Stop hook never keeps the agent working, whatever it printed.
		{"claude-code", "Stop", "pre_verify", true, []string{`{"decision":"block","reason":"go on"}`, "-x", "1"}, DecisionAllow},
		{"codex", "Stop", "pre_verify", false, []string{`{"decision":"block","reason":"go on"}`, "-x", "1"}, DecisionAllow},
		{"gemini", "AfterAgent", "pre_verify", true, []string{`{"decision":"deny","reason":"go on"}`, "-x", "1"}, DecisionAllow},
		{"cursor", "stop", "pre_verify", true, []string{`{"followup_message":"go on"}`, "-x", "1"}, DecisionAllow},
		{"hermes", "pre_verify", "pre_verify", true, []string{`{"action":"continue","message":"go on"}`, "-x", "1"}, DecisionAllow},
		// The dialect's own status still keeps it working.
		{"claude-code", "Stop", "pre_verify", true, []string{"-e", "go on", "-x", "2"}, DecisionContinue},
	} {
		cfg := setupDispatch(t, "", tc.event, hookEntry{command: hookCmd(tc.steps...), failClosed: tc.failClosed})
		payload := `{"hook_event_name":"` + tc.agentEvent + `","tool_name":"Bash","tool_input":{"command":"ls"}}`
		var res *Result
		if tc.agent == "hermes" {
			res = fire(t, cfg, tc.event, `{}`)
		} else {
			res = fireAgent(t, cfg, tc.agent, payload)
		}
		if res.Decision != tc.want {
			t.Errorf("%s %s %q (fail_closed %v): decision %q (%s), want %q", tc.agent, tc.agentEvent, tc.steps, tc.failClosed, res.Decision, res.Reason, tc.want)
		}
	}
}

// The dispatch ends at its context's deadline (run --deadline: the agent's timeout less
// hookctl's margin): a fail_closed guard still running then blocks, saying so, a hook that is not
// fail_closed has no answer, and one that answered in time keeps its answer. Real slow scripts;
// the bound only checks nothing waited for the 30 s sleep.
func TestDispatchAgentDeadline(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name       string
		failClosed bool
		top        string
		want       string
	}{
		{"guard", true, "", DecisionBlock},
		{"not fail_closed", false, "", DecisionAllow},
		{"guard, one by one", true, "parallel: false\n", DecisionBlock},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := setupDispatch(t, tc.top, "pre_tool_call",
				hookEntry{command: hookCmd(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"fast"}}`)},
				hookEntry{command: hookCmd("-s", "30"), timeout: "60", failClosed: tc.failClosed})
			d, _ := agent.Lookup("claude-code")
			payload := `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`
			call, _ := d.ReadPayload([]byte(payload))
			ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)
			defer cancel()
			start := time.Now()
			disp := &Dispatcher{Config: cfg, Consent: TrustAll{}, Home: cfg.Dir}
			res, err := disp.dispatchAgent(ctx, d, call, "pre_tool_call", []byte(payload))
			if err != nil {
				t.Fatal(err)
			}
			if took := time.Since(start); took > 20*time.Second {
				t.Errorf("the dispatch took %v: it did not end at its deadline", took)
			}
			if res.Decision != tc.want {
				t.Errorf("decision %q (%s), want %q", res.Decision, res.Reason, tc.want)
			}
			slow := res.Hooks[1]
			if slow.Status != StatusTimeout || slow.Message != "did not answer before the agent's deadline" {
				t.Errorf("slow hook: %s %q", slow.Status, slow.Message)
			}
			if tc.want == DecisionBlock && !strings.Contains(res.Reason, "failed closed: did not answer before the agent's deadline") {
				t.Errorf("reason %q does not say the guard missed the deadline", res.Reason)
			}
			if res.Context != "fast" {
				t.Errorf("context %q: the hook that answered in time lost its answer", res.Context)
			}
		})
	}
}

// The hole of SPEC 19, as the attack: a guard written once with hookctl's name of the shell
// must block the shell call of every agent, and the same guard with a mistyped matcher must
// match none (its result says which names it was matched against).
func TestDispatchAgentHookctlToolName(t *testing.T) {
	t.Parallel()
	cfg := setupDispatch(t, "", "pre_tool_call",
		hookEntry{command: hookCmd(`{"decision":"block","reason":"guarded"}`), matcher: "terminal"},
		hookEntry{command: hookCmd(`{"decision":"block","reason":"typo"}`), matcher: "termnal"})
	for _, d := range agent.Dialects() {
		m := d.TestMapping("pre_tool_call")
		payload := d.Synthetic(m, cfg.Dir)
		event := ""
		if d.EventFromArgs {
			event = m.AgentEvent
		}
		call, err := d.ReadPayloadAs(payload, event)
		if err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		if call.ToolName == nil || !slices.Contains(d.ShellTools(), *call.ToolName) {
			t.Fatalf("%s: the synthetic call is not of a shell tool: %s", d.Name, payload)
		}
		disp := &Dispatcher{Config: cfg, Consent: TrustAll{}, Home: cfg.Dir}
		res, err := disp.dispatchAgent(context.Background(), d, call, "pre_tool_call", payload)
		if err != nil {
			t.Fatal(err)
		}
		if res.Decision != DecisionBlock || res.Hooks[0].Status != StatusBlocked {
			t.Errorf("%s %s: decision %q, hook %+v; want the terminal guard to block", d.Name, *call.ToolName, res.Decision, res.Hooks[0])
		}
		if res.Hooks[1].Status != StatusNoMatch {
			t.Errorf("%s: a mistyped matcher ran: %+v", d.Name, res.Hooks[1])
		}
		if d.Name != "hermes" && !strings.Contains(res.Hooks[1].Message, "(terminal)") {
			t.Errorf("%s: no_match message %q does not name hookctl's name", d.Name, res.Hooks[1].Message)
		}
	}
}
