package agent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Plugin agents (OpenCode, Kilo, pi) run no command hooks: they load JavaScript plugins from
// folders. install writes one plugin of hookctl's own into such a folder, hookctl.js, that
// hands each tool call to `hookctl run --agent NAME EVENT` (an argument vector, no shell; the
// payload as JSON on stdin) and blocks the call when hookctl cannot be started, exits non-zero,
// answers with anything but a JSON object, passes the wired deadline, or the plugin itself
// fails. The payload and the answer are hookctl's own (docs/agents.md, "Plugin agents"); this
// file holds the dialect's shared parts and writes the plugin's text.

// PluginFile is the name of hookctl's plugin in each plugin folder.
const PluginFile = "hookctl.js"

// The plugin APIs hookctl writes for (Plugin.API).
const (
	// APIOpenCode is OpenCode's plugin API (Kilo's too): an exported async function returning
	// "tool.execute.before" and "tool.execute.after" handlers; a throw blocks the call.
	APIOpenCode = "opencode"
	// APIPi is pi's extension API: a default export given pi, whose "tool_call" handler
	// returns {block, reason} and may change event.input.
	APIPi = "pi"
)

// Plugin says how install reaches a plugin agent.
type Plugin struct {
	// API is the plugin API the file is written for (APIOpenCode, APIPi).
	API string
	// Folders are the agent's plugin folders, user and project (Rel relative to the home
	// folder or the project root): each is a hooks-off switch (SPEC 28.14), and doctor lists
	// every plugin in them but hookctl's.
	Folders []SwitchFile
	// Managed is the agent's managed plugin folder per OS, which `install --system` writes.
	Managed Admin
}

// PluginCall is one event hookctl's plugin hands to hookctl.
type PluginCall struct {
	// Event is the agent's event ("tool.execute.before").
	Event string
	// Command is the call as one POSIX shell line, shown to people and read back by install;
	// Argv is the same as the plugin runs it.
	Command string
	Argv    []string
	// Deadline is the wired deadline in seconds: the plugin blocks a call hookctl has not
	// answered by then.
	Deadline int64
}

// pluginMarker opens the plugin's first line.
const pluginMarker = "// Written by `hookctl install "

// pluginCallPrefix opens each line that names one call, in the plugin's header.
const pluginCallPrefix = "// hookctl runs: "

// PluginSource is the text of hookctl's plugin for the agent d, installed as how (the agent's
// name, with " --project" or " --system"), handing the calls to hookctl.
func PluginSource(d *Dialect, how string, calls []PluginCall) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s%s`: %s loads it and hands each tool call to hookctl; `hookctl uninstall %s` removes it.\n",
		pluginMarker, how, d.Title, how)
	table := map[string]any{}
	for _, c := range calls {
		fmt.Fprintf(&b, "%s%s\n", pluginCallPrefix, c.Command)
		table[c.Event] = map[string]any{"argv": c.Argv, "deadline": c.Deadline}
	}
	js, _ := json.Marshal(table) // strings and numbers only: cannot fail
	b.WriteString("// Do not edit: `hookctl doctor` reports a changed copy, which " + d.Title + " may not load.\n")
	b.WriteString("import { spawn } from \"node:child_process\";\n\n")
	b.WriteString("const calls = " + string(js) + ";\n")
	b.WriteString(pluginAsk)
	if d.Plugin.API == APIPi {
		b.WriteString(pluginPi)
	} else {
		b.WriteString(pluginOpenCode)
	}
	return b.Bytes()
}

// PluginCommands reads back the call lines of a plugin PluginSource wrote, with the install
// it names (how); ok is false for any other text.
func PluginCommands(data []byte, name string) (how string, commands []string, ok bool) {
	lines := strings.Split(string(data), "\n")
	rest, found := strings.CutPrefix(lines[0], pluginMarker)
	if !found {
		return "", nil, false
	}
	how, _, found = strings.Cut(rest, "`")
	if !found || how != name && how != name+" --project" && how != name+" --system" {
		return "", nil, false
	}
	for _, l := range lines[1:] {
		c, found := strings.CutPrefix(l, pluginCallPrefix)
		if !found {
			break
		}
		commands = append(commands, c)
	}
	return how, commands, true
}

// IsPluginText reports whether data starts as hookctl's plugin does, whatever follows.
func IsPluginText(data []byte) bool { return bytes.HasPrefix(data, []byte(pluginMarker)) }

// pluginAsk runs hookctl for one event in a process group of its own, killed whole at the
// deadline, and reads its answer; every failure is a block.
const pluginAsk = `
function block(reason) {
  return { block: true, reason: "hookctl blocked this call: " + reason };
}

function answer(code, signal, stdout, stderr) {
  if (code !== 0) return block(stderr.trim() || "hookctl ended with " + (signal ? "signal " + signal : "status " + code));
  let a;
  try {
    a = JSON.parse(stdout);
  } catch (e) {
    return block("its answer is not JSON");
  }
  if (a === null || typeof a !== "object" || Array.isArray(a)) return block("its answer is not a JSON object");
  if (a.block !== undefined && a.block !== false && a.block !== true) return block("its answer is unreadable");
  if (a.block) return { block: true, reason: String(a.reason || "blocked by a hook") };
  return a;
}

function ask(event, payload) {
  const call = calls[event];
  if (!call) return Promise.resolve({});
  return new Promise((resolve) => {
    let stdout = "", stderr = "", done = false, timer, child;
    const group = process.platform !== "win32";
    const kill = () => {
      try {
        if (group) process.kill(-child.pid, "SIGKILL");
        else child.kill("SIGKILL");
      } catch (e) {}
    };
    const finish = (a) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(a);
    };
    try {
      child = spawn(call.argv[0], call.argv.slice(1), { stdio: ["pipe", "pipe", "pipe"], detached: group, windowsHide: true, shell: false });
    } catch (e) {
      return finish(block("cannot run " + call.argv[0] + ": " + e.message));
    }
    timer = setTimeout(() => {
      kill();
      finish(block("no answer within the wired deadline (" + call.deadline + " s)"));
    }, call.deadline * 1000);
    child.on("error", (e) => finish(block("cannot run " + call.argv[0] + ": " + e.message)));
    child.stdout.on("data", (d) => {
      stdout += d;
      if (stdout.length > 16 << 20) {
        kill();
        finish(block("its answer is too long"));
      }
    });
    child.stderr.on("data", (d) => {
      if (stderr.length < 65536) stderr += d;
    });
    child.on("close", (code, signal) => finish(answer(code, signal, stdout, stderr)));
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(payload));
  });
}

async function decide(f) {
  try {
    return await f();
  } catch (e) {
    return block("hookctl's plugin failed: " + (e && e.message ? e.message : String(e)));
  }
}

function replace(target, input) {
  if (input === undefined) return;
  if (input === null || typeof input !== "object" || Array.isArray(input)) throw new Error("a rewritten tool input is not an object");
  for (const k of Object.keys(target)) delete target[k];
  Object.assign(target, input);
}
`

// pluginOpenCode is the rest of the plugin under OpenCode's API (and Kilo's): a throw blocks.
const pluginOpenCode = `
export const HookctlPlugin = async (ctx) => {
  const cwd = (ctx && ctx.directory) || process.cwd();
  return {
    "tool.execute.before": async (input, output) => {
      const a = await decide(async () => {
        const a = await ask("tool.execute.before", {
          hook_event_name: "tool.execute.before", session_id: input.sessionID, cwd,
          tool_name: input.tool, tool_input: output.args,
        });
        if (!a.block) replace(output.args, a.tool_input);
        return a;
      });
      if (a.block) throw new Error(a.reason);
    },
    "tool.execute.after": async (input, output) => {
      const a = await decide(() => ask("tool.execute.after", {
        hook_event_name: "tool.execute.after", session_id: input.sessionID, cwd,
        tool_name: input.tool, tool_input: input.args, tool_response: output.output,
      }));
      if (a.block) output.output = a.reason;
      else if (typeof a.context === "string" && a.context !== "") output.output = String(output.output) + "\n\n" + a.context;
    },
  };
};
`

// pluginPi is the rest of the plugin under pi's extension API: a returned block blocks, and so
// does a throw.
const pluginPi = `
export default function (pi) {
  const session = (ctx) => (ctx && ctx.sessionManager && ctx.sessionManager.getSessionId && ctx.sessionManager.getSessionId()) || "";
  pi.on("tool_call", async (event, ctx) => {
    const a = await decide(async () => {
      const a = await ask("tool_call", {
        hook_event_name: "tool_call", session_id: session(ctx), cwd: (ctx && ctx.cwd) || process.cwd(),
        tool_name: event.toolName, tool_input: event.input,
      });
      if (!a.block) replace(event.input, a.tool_input);
      return a;
    });
    if (a.block) return { block: true, reason: a.reason };
    return undefined;
  });
  pi.on("tool_result", async (event, ctx) => {
    const a = await decide(() => ask("tool_result", {
      hook_event_name: "tool_result", session_id: session(ctx), cwd: (ctx && ctx.cwd) || process.cwd(),
      tool_name: event.toolName, tool_input: event.input,
    }));
    const text = a.block ? a.reason : a.context;
    if (typeof text !== "string" || text === "") return undefined;
    return { content: [...(event.content || []), { type: "text", text: "\n\n" + text }] };
  });
}
`

// pluginShape reads a hook's answer in the plugin dialect: hookctl's own keys (block, reason,
// tool_input, context), besides the forms every dialect accepts.
var pluginShape = shape{plainText: plainInvalid, control: true, cancel: "block", rewrite: "tool_input"}

// readPlugin reads a hook's answer in the plugin dialect.
func readPlugin(stdout string, m Mapping) (Answer, error) { return pluginShape.read(stdout, m) }

// writePlugin writes the merged decision as hookctl's plugin reads it: {"block": true,
// "reason"} refuses (an ask and a stop too: the plugin cannot ask the person), "tool_input"
// replaces the input, "context" is added to the tool's result where the agent event takes it.
func writePlugin(m Mapping, d Decision) ([]byte, []string) {
	var out obj
	var warnings []string
	switch {
	case d.Verdict == "block":
		refuse(&out, orFirst(d.Reason, "blocked by a hook"))
	case d.Halt:
		refuse(&out, orFirst(d.StopReason, "stopped by a hook"))
	case d.Verdict == "ask":
		refuse(&out, confirmationRequired(d.Reason))
	case d.ToolInput != nil && !m.Honours.Has(Modify):
		refuse(&out, confirmationRequired("hook "+d.RewrittenBy+" rewrote the tool input, which cannot be applied here"))
	default:
		if d.ToolInput != nil {
			out.raw("tool_input", d.ToolInput)
		}
		if d.Context != "" && !m.Honours.Has(Context) {
			warnings = append(warnings, "no context can be added on "+m.AgentEvent+": dropped")
		} else {
			out.str("context", d.Context)
		}
	}
	if b := out.bytes(); b != nil {
		return b, warnings
	}
	return []byte("{}"), warnings
}

func refuse(out *obj, reason string) {
	out.raw("block", []byte("true"))
	out.str("reason", reason)
}

// pluginSwitch reads hookctl's plugin in a plugin folder: a file named as hookctl's that is
// not exactly as install writes it (edited, emptied, broken) switches hookctl off there, since
// the agent may fail to load it without a word.
func pluginSwitch(name string) func([]byte) (string, bool, error) {
	return func(data []byte) (string, bool, error) {
		if PluginIntact(name, data) {
			return "", false, nil
		}
		return "hookctl's plugin " + PluginFile + " changed", true, nil
	}
}

// PluginIntact reports whether data is hookctl's plugin for the agent name exactly as
// install writes it for the calls its header names.
func PluginIntact(name string, data []byte) bool {
	d, err := Lookup(name)
	if err != nil || d.Plugin == nil {
		return false
	}
	how, commands, ok := PluginCommands(data, name)
	if !ok {
		return false
	}
	calls := make([]PluginCall, 0, len(commands))
	for _, c := range commands {
		pc, ok := parsePluginCall(d, c)
		if !ok {
			return false
		}
		calls = append(calls, pc)
	}
	return bytes.Equal(data, PluginSource(d, how, calls))
}

// SplitCommand splits a POSIX command line into words; install sets it (agent imports no
// shell parser of its own).
var SplitCommand func(string) ([]string, error)

// parsePluginCall reads one call line: hookctl's run with --deadline N and the event last.
func parsePluginCall(d *Dialect, command string) (PluginCall, bool) {
	if SplitCommand == nil {
		return PluginCall{}, false
	}
	argv, err := SplitCommand(command)
	if err != nil || len(argv) < 6 {
		return PluginCall{}, false
	}
	event := argv[len(argv)-1]
	n, err := strconv.ParseInt(argv[len(argv)-2], 10, 64)
	if err != nil || argv[len(argv)-3] != "--deadline" || !d.HasEvent(event) {
		return PluginCall{}, false
	}
	return PluginCall{Event: event, Command: command, Argv: argv, Deadline: n}, true
}

// pluginFolders are the user and project plugin folders of an agent as switch files: hookctl's
// plugin in each.
func pluginFolders(user, project []string) []SwitchFile {
	var out []SwitchFile
	for _, f := range user {
		out = append(out, SwitchFile{Layer: LayerUser, Rel: f + "/" + PluginFile})
	}
	for _, f := range project {
		out = append(out, SwitchFile{Layer: LayerProject, Rel: f + "/" + PluginFile})
	}
	return out
}

// pluginDialect fills the parts the three plugin agents share: hookctl's payload and answer,
// the plugin folders as switches, and what install writes. Their registrations call it when
// the registry is first used.
func pluginDialect(d *Dialect, p Plugin) *Dialect {
	d.Plugin = &p
	d.TimeoutUnit = time.Second
	d.Fields = Fields{Session: "session_id", Cwd: "cwd"}
	d.EventFromArgs = true
	d.Reader, d.Writer = readPlugin, writePlugin
	d.Layout = ""
	d.WindowsShell = ShellGitBash // the plugin's call lines are POSIX words; it runs them as an argument vector
	d.switches.Files = p.Folders
	d.switches.Key = "hookctl's plugin " + PluginFile
	d.switches.Read = pluginSwitch(d.Name)
	d.switches.Needles = []string{""} // every copy is judged whole
	return d
}
