package agent

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestWritePlugin: the merged decision as hookctl's plugin reads it; what the plugin cannot
// carry (an ask, a rewrite where none applies) is a block, never dropped.
func TestWritePlugin(t *testing.T) {
	pre, _ := opencode.Mapping("tool.execute.before")
	post, _ := opencode.Mapping("tool.execute.after")
	for _, tc := range []struct {
		name    string
		m       Mapping
		d       Decision
		want    string
		warning bool
	}{
		{"allow", pre, Decision{Verdict: "allow"}, `{}`, false},
		{"continue", pre, Decision{Verdict: "continue"}, `{}`, false},
		{"block", pre, Decision{Verdict: "block", Reason: "no"}, `{"block":true,"reason":"no"}`, false},
		{"block without reason", pre, Decision{Verdict: "block"}, `{"block":true,"reason":"blocked by a hook"}`, false},
		{"halt", pre, Decision{Verdict: "continue", Halt: true, StopReason: "stop"}, `{"block":true,"reason":"stop"}`, false},
		{"ask is a block", pre, Decision{Verdict: "ask", Reason: "sure?"}, `{"block":true,"reason":"` + confirmationRequired("sure?") + `"}`, false},
		{"rewrite", pre, Decision{Verdict: "allow", ToolInput: json.RawMessage(`{"command":"echo safe"}`)}, `{"tool_input":{"command":"echo safe"}}`, false},
		{"rewrite after the call", post, Decision{Verdict: "continue", ToolInput: json.RawMessage(`{"command":"x"}`), RewrittenBy: "r.sh"},
			`{"block":true,"reason":"` + confirmationRequired("hook r.sh rewrote the tool input, which cannot be applied here") + `"}`, false},
		{"context after the call", post, Decision{Verdict: "continue", Context: "note"}, `{"context":"note"}`, false},
		{"context before the call dropped", pre, Decision{Verdict: "continue", Context: "note"}, `{}`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, warnings := writePlugin(tc.m, tc.d)
			if string(got) != tc.want || (len(warnings) > 0) != tc.warning {
				t.Errorf("writePlugin = %s, %q; want %s, warning %v", got, warnings, tc.want, tc.warning)
			}
		})
	}
}

// TestPluginIntact: the plugin install writes reads back as intact; any change to it (an
// appended line, a changed call, an emptied file, another agent's name) does not.
func TestPluginIntact(t *testing.T) {
	SplitCommand = func(s string) ([]string, error) { return strings.Fields(strings.ReplaceAll(s, "'", "")), nil }
	defer func() { SplitCommand = nil }()
	calls := []PluginCall{{Event: "tool.execute.before", Command: "/bin/hookctl run --agent opencode --deadline 12 tool.execute.before",
		Argv: []string{"/bin/hookctl", "run", "--agent", "opencode", "--deadline", "12", "tool.execute.before"}, Deadline: 12}}
	good := PluginSource(mustLookup(t, "opencode"), "opencode", calls)
	for _, tc := range []struct {
		name, agent string
		data        string
		want        bool
	}{
		{"as written", "opencode", string(good), true},
		{"a line appended", "opencode", string(good) + "export const x = (;\n", false},
		{"the deadline changed", "opencode", strings.Replace(string(good), "--deadline 12", "--deadline 99", 1), false},
		{"the argv changed", "opencode", strings.Replace(string(good), `"argv":["/bin/hookctl"`, `"argv":["/bin/true"`, 1), false},
		{"emptied", "opencode", "", false},
		{"another agent", "kilo", string(good), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := PluginIntact(tc.agent, []byte(tc.data)); got != tc.want {
				t.Errorf("PluginIntact = %v, want %v", got, tc.want)
			}
			_, off, err := pluginSwitch(tc.agent)([]byte(tc.data))
			if err != nil || off == tc.want {
				t.Errorf("the switch reads off = %v, %v; want %v", off, err, !tc.want)
			}
		})
	}
}

// TestPluginInNode loads the plugin install writes in node and hands it a tool call answered by
// a stand-in for hookctl: every way hookctl can fail blocks the call.
func TestPluginInNode(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	dir := t.TempDir()
	opencode := mustLookup(t, "opencode")
	for _, tc := range []struct {
		name     string
		api      *Dialect
		script   string // the stand-in's body; "" for a program that does not exist
		deadline int64
		want     string // "block: TEXT" or the args the tool runs with
	}{
		{"missing", opencode, "", 5, "block: cannot run"},
		{"exit 1", opencode, "echo broken >&2; exit 1", 5, "block: broken"},
		{"killed", opencode, "kill -9 $$", 5, "block: SIGKILL"},
		{"too slow, a child holding stdout", opencode, "sleep 30 & wait", 1, "block: wired deadline"},
		{"not JSON", opencode, "echo hello", 5, "block: its answer is not JSON"},
		{"not an object", opencode, "echo '[]'", 5, "block: not a JSON object"},
		{"block unreadable", opencode, `echo '{"block":"yes"}'`, 5, "block: unreadable"},
		{"too slow", opencode, "sleep 30", 1, "block: wired deadline"},
		{"block", opencode, `echo '{"block":true,"reason":"e2e-no"}'`, 5, "block: e2e-no"},
		{"rewrite not an object", opencode, `echo '{"tool_input":"x"}'`, 5, "block: not an object"},
		{"allow", opencode, `cat >"$0.payload"; echo '{}'`, 5, `{"command":"rm -rf x"}`},
		{"rewrite", opencode, `echo '{"tool_input":{"command":"echo safe"}}'`, 5, `{"command":"echo safe"}`},
		{"pi missing", &pi, "", 5, "block: cannot run"},
		{"pi block", &pi, `echo '{"block":true,"reason":"e2e-no"}'`, 5, "block: e2e-no"},
		{"pi rewrite", &pi, `echo '{"tool_input":{"command":"echo safe"}}'`, 5, `{"command":"echo safe"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			prog := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-"))
			if tc.script != "" {
				if err := os.WriteFile(prog, []byte("#!/bin/sh\n"+tc.script+"\n"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			event := tc.api.Events[0].AgentEvent
			src := PluginSource(tc.api, tc.api.Name, []PluginCall{{Event: event, Command: prog, Argv: []string{prog}, Deadline: tc.deadline}})
			file := prog + ".mjs"
			if err := os.WriteFile(file, src, 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(node, "--input-type=module", "-e", nodeDriver(tc.api), file).CombinedOutput()
			if err != nil {
				t.Fatalf("node: %v\n%s", err, out)
			}
			got := strings.TrimSpace(string(out))
			if !strings.HasPrefix(got, tc.want) && !(strings.HasPrefix(tc.want, "block: ") && strings.HasPrefix(got, "block: ") && strings.Contains(got, strings.TrimPrefix(tc.want, "block: "))) {
				t.Errorf("the call: %s; want %s", got, tc.want)
			}
			if tc.name == "allow" {
				payload, _ := os.ReadFile(prog + ".payload")
				var p map[string]any
				if err := json.Unmarshal(payload, &p); err != nil || p["tool_name"] != "bash" || p["hook_event_name"] != event || p["session_id"] != "s1" {
					t.Errorf("hookctl was sent %s (%v)", payload, err)
				}
			}
		})
	}
}

// nodeDriver calls the plugin's tool-call handler as the agent does and prints "block: REASON"
// or the args the tool would run with.
func nodeDriver(d *Dialect) string {
	if d.Plugin.API == APIPi {
		return `const m = await import(process.argv[1]); let h;
m.default({ on: (ev, f) => { if (ev === "tool_call") h = f; } });
const event = { type: "tool_call", toolName: "bash", toolCallId: "c1", input: { command: "rm -rf x" } };
let r; try { r = await h(event, { cwd: "/tmp", sessionManager: { getSessionId: () => "s1" } }); } catch (e) { r = { block: true, reason: "threw " + e.message }; }
console.log(r && r.block ? "block: " + r.reason : JSON.stringify(event.input));`
	}
	return `const m = await import(process.argv[1]); const p = await m.HookctlPlugin({ directory: "/tmp" });
const output = { args: { command: "rm -rf x" } };
try { await p["tool.execute.before"]({ tool: "bash", sessionID: "s1", callID: "c1" }, output); console.log(JSON.stringify(output.args)); }
catch (e) { console.log("block: " + e.message); }`
}
