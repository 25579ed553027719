package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"regexp"
	"slices"
	"testing"
)

var hookctlNames = []string{ToolTerminal, ToolReadFile, ToolWriteFile, ToolPatch, ToolSearchFiles,
	ToolWebSearch, ToolWebFetch, ToolDelegateTask}

// sampleInput is an input of the agent's for a row: a value of the key's form for each
// mapped key, and a key the row does not name, which must keep its name both ways.
func sampleInput(r ToolRow) string {
	var o obj
	for _, k := range r.Keys {
		switch k.Form {
		case Same:
			o.str(k.Agent, "v-"+k.Agent)
		case Argv:
			o.str(k.Agent, "rm -rf /tmp/x")
		case Lines:
			o.raw(k.Agent, []byte(`["rm -rf /tmp/x"]`))
		case Alternatives:
			o.raw(k.Agent, []byte(`["secret.*"]`))
		case Single:
			o.raw(k.Agent, []byte(`[{"`+k.Elem+`":"v-`+k.Elem+`"}]`))
		}
	}
	o.str("extra_key", "kept")
	return string(o.bytes())
}

// TestToolRowsRoundTrip checks every row of every agent: its names are coherent with the
// dialect, its input goes to hookctl's keys and comes back byte for byte.
func TestToolRowsRoundTrip(t *testing.T) {
	for _, d := range Dialects() {
		if len(d.ToolRows()) == 0 {
			t.Errorf("%s has no tool table", d.Name)
		}
		seen := map[string]bool{}
		for _, r := range d.ToolRows() {
			t.Run(d.Name+"/"+r.Agent, func(t *testing.T) {
				if seen[r.Agent] {
					t.Fatalf("%s is in the table twice", r.Agent)
				}
				seen[r.Agent] = true
				if !slices.Contains(hookctlNames, r.Hookctl) {
					t.Errorf("hookctl name %q is not one of hookctl's", r.Hookctl)
				}
				if !slices.Contains(d.Tools, r.Agent) {
					t.Errorf("%s is not in %s's Tools", r.Agent, d.Name)
				}
				if name, known := d.HookctlTool(r.Agent); !known || name != r.Hookctl {
					t.Errorf("HookctlTool(%q) = %q, %v; want %q", r.Agent, name, known, r.Hookctl)
				}
				if !slices.Contains(d.AgentTools(r.Hookctl), r.Agent) {
					t.Errorf("AgentTools(%q) = %q, missing %q", r.Hookctl, d.AgentTools(r.Hookctl), r.Agent)
				}
				in := sampleInput(r)
				h, err := d.ToHookctlInput(r.Agent, json.RawMessage(in))
				if err != nil {
					t.Fatalf("ToHookctlInput(%s): %v", in, err)
				}
				var got map[string]any
				if err := json.Unmarshal(h, &got); err != nil {
					t.Fatalf("hookctl input %s: %v", h, err)
				}
				for _, k := range r.Keys {
					if _, ok := got[k.Hookctl]; !ok {
						t.Errorf("hookctl input %s has no %q", h, k.Hookctl)
					}
					if _, ok := got[k.Agent]; ok && k.Agent != k.Hookctl {
						t.Errorf("hookctl input %s still has the agent's %q", h, k.Agent)
					}
				}
				if got["extra_key"] != "kept" {
					t.Errorf("hookctl input %s lost a key the row does not name", h)
				}
				back, err := d.ToAgentInput(r.Agent, h)
				if err != nil {
					t.Fatalf("ToAgentInput(%s): %v", h, err)
				}
				if string(back) != in {
					t.Errorf("round trip: %s -> %s -> %s", in, h, back)
				}
			})
		}
	}
}

// TestToolInputs translates inputs as the agents send them.
func TestToolInputs(t *testing.T) {
	for _, tc := range []struct {
		agent, tool, in, want string
		err                   bool
	}{
		{agent: "claude-code", tool: "Bash", in: `{"command":"rm -rf /","description":"d"}`, want: `{"command":"rm -rf /","description":"d"}`},
		{agent: "claude-code", tool: "Edit", in: `{"file_path":"/a","old_string":"x","new_string":"y","replace_all":false}`,
			want: `{"path":"/a","old":"x","new":"y","replace_all":false}`},
		{agent: "claude-code", tool: "Read", in: `{"file_path":"/a","path":"/b"}`, err: true},
		{agent: "claude-code", tool: "Read", in: `{"file_path":"/a","file_path":"/b"}`, err: true},
		{agent: "claude-code", tool: "Read", in: `{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"a":17}`, err: true},
		{agent: "claude-code", tool: "Read", in: `"/a"`, err: true},
		{agent: "claude-code", tool: "Read", in: `null`, want: `null`},
		{agent: "claude-code", tool: "Read", in: `{}`, want: `{}`},
		{agent: "claude-code", tool: "TodoWrite", in: `{"todos":[]}`, want: `{"todos":[]}`},
		{agent: "codex", tool: "Bash", in: `{"command":"ls -la"}`, want: `{"command":"ls -la"}`},
		{agent: "codex", tool: "Bash", in: `{"command":["bash","-lc","rm -rf /"]}`, want: `{"command":"rm -rf /"}`},
		{agent: "codex", tool: "Bash", in: `{"command":["/bin/sh","-c","ls"]}`, want: `{"command":"ls"}`},
		{agent: "codex", tool: "Bash", in: `{"command":["rm","-rf","my dir","it's"]}`, want: `{"command":"rm -rf 'my dir' 'it'\\''s'"}`},
		{agent: "codex", tool: "Bash", in: `{"command":["python","-c","x"]}`, want: `{"command":"python -c x"}`},
		{agent: "codex", tool: "Bash", in: `{"command":5}`, err: true},
		{agent: "codex", tool: "Bash", in: `{"command":["ls",5]}`, err: true},
		{agent: "codex", tool: "apply_patch", in: `{"command":"*** Begin Patch\n*** End Patch\n"}`, want: `{"patch":"*** Begin Patch\n*** End Patch\n"}`},
		{agent: "gemini", tool: "run_shell_command", in: `{"command":"ls","dir_path":"src"}`, want: `{"command":"ls","cwd":"src"}`},
		{agent: "cline", tool: "run_commands", in: `{"commands":["cd /tmp","rm -rf /"]}`, want: `{"command":"cd /tmp\nrm -rf /"}`},
		{agent: "cline", tool: "run_commands", in: `{"commands":"rm -rf /"}`, err: true},
		{agent: "cline", tool: "read_files", in: `{"files":[{"path":"/etc/passwd","start_line":null}]}`, want: `{"path":"/etc/passwd"}`},
		{agent: "cline", tool: "read_files", in: `{"files":[{"path":"/a"},{"path":"/b"}]}`, err: true},
		{agent: "cline", tool: "read_files", in: `{"files":[]}`, err: true},
		{agent: "cline", tool: "read_files", in: `{"files":[{"name":"/a"}]}`, err: true},
		{agent: "cline", tool: "search_codebase", in: `{"queries":["password","secret"]}`, want: `{"pattern":"password|secret"}`},
		{agent: "copilot", tool: "bash", in: `{"command":"ls","description":"List"}`, want: `{"command":"ls","description":"List"}`},
		{agent: "copilot", tool: "create", in: `{"path":"/a","file_text":"x"}`, want: `{"path":"/a","content":"x"}`},
		{agent: "windsurf", tool: "run_command", in: `{"command_line":"ls","cwd":"/w"}`, want: `{"command":"ls","cwd":"/w"}`},
		{agent: "hermes", tool: "terminal", in: `{"command":"ls"}`, want: `{"command":"ls"}`},
	} {
		d, err := Lookup(tc.agent)
		if err != nil {
			t.Fatal(err)
		}
		got, err := d.ToHookctlInput(tc.tool, json.RawMessage(tc.in))
		switch {
		case tc.err && err == nil:
			t.Errorf("%s %s %s: got %s, want an error", tc.agent, tc.tool, tc.in, got)
		case tc.err && !errors.Is(err, ErrToolInput):
			t.Errorf("%s %s %s: error %v does not wrap ErrToolInput", tc.agent, tc.tool, tc.in, err)
		case !tc.err && err != nil:
			t.Errorf("%s %s %s: %v", tc.agent, tc.tool, tc.in, err)
		case !tc.err && string(got) != tc.want:
			t.Errorf("%s %s %s = %s, want %s", tc.agent, tc.tool, tc.in, got, tc.want)
		}
	}
}

// TestToolInputsBack maps rewrites in hookctl's keys back; one that cannot be carried is an
// error.
func TestToolInputsBack(t *testing.T) {
	for _, tc := range []struct {
		agent, tool, in, want string
		err                   bool
	}{
		{agent: "claude-code", tool: "Edit", in: `{"path":"/a","old":"x","new":"y"}`, want: `{"file_path":"/a","old_string":"x","new_string":"y"}`},
		{agent: "claude-code", tool: "Read", in: `{"path":"/a","file_path":"/b"}`, err: true},
		{agent: "codex", tool: "Bash", in: `{"command":"echo safe"}`, want: `{"command":"echo safe"}`},
		{agent: "codex", tool: "Bash", in: `{"command":["echo","safe"]}`, err: true},
		{agent: "cline", tool: "run_commands", in: `{"command":"echo safe"}`, want: `{"commands":["echo safe"]}`},
		{agent: "cline", tool: "run_commands", in: `{"command":null}`, want: `{"commands":null}`},
		{agent: "cline", tool: "run_commands", in: `{"command":1}`, err: true},
		{agent: "cline", tool: "read_files", in: `{"path":"/a"}`, want: `{"files":[{"path":"/a"}]}`},
		{agent: "gemini", tool: "read_file", in: `{"path":"/a","start_line":2}`, want: `{"file_path":"/a","start_line":2}`},
		{agent: "windsurf", tool: "run_command", in: `{"command":"ls"}`, want: `{"command_line":"ls"}`},
		{agent: "claude-code", tool: "Write", in: `[1]`, err: true},
	} {
		d, err := Lookup(tc.agent)
		if err != nil {
			t.Fatal(err)
		}
		got, err := d.ToAgentInput(tc.tool, json.RawMessage(tc.in))
		switch {
		case tc.err && !errors.Is(err, ErrToolInput):
			t.Errorf("%s %s %s: got %s, %v; want an ErrToolInput", tc.agent, tc.tool, tc.in, got, err)
		case !tc.err && err != nil:
			t.Errorf("%s %s %s: %v", tc.agent, tc.tool, tc.in, err)
		case !tc.err && string(got) != tc.want:
			t.Errorf("%s %s %s = %s, want %s", tc.agent, tc.tool, tc.in, got, tc.want)
		}
	}
}

func TestToolNames(t *testing.T) {
	for _, tc := range []struct {
		agent, tool, want string
		known             bool
	}{
		{"claude-code", "Bash", ToolTerminal, true},
		{"claude-code", "Agent", ToolDelegateTask, true},
		{"claude-code", "mcp__github__create_issue", "mcp__github__create_issue", true},
		{"claude-code", "LS", "LS", false},
		{"claude-code", "bash", "bash", false}, // names are case-sensitive, as the agents' are
		{"codex", "Bash", ToolTerminal, true},
		{"codex", "apply_patch", ToolPatch, true},
		{"gemini", "run_shell_command", ToolTerminal, true},
		{"gemini", "mcp_github_create_issue", "mcp__github__create_issue", true},
		{"gemini", "mcp_github", "mcp_github", false},
		{"gemini", "mcp__github__x", "mcp__github__x", true},
		{"cursor", "Shell", ToolTerminal, true},
		{"copilot", "bash", ToolTerminal, true},
		{"windsurf", "run_command", ToolTerminal, true},
		{"cline", "run_commands", ToolTerminal, true},
		{"cline", "execute_command", ToolTerminal, true},
		{"hermes", "terminal", ToolTerminal, true},
		// In hookctl's own protocol the caller's name is hookctl's, whatever it is.
		{"hermes", "mcp__", "mcp__", true},
		{"hermes", "execute_code", "execute_code", true},
		{"hermes", "Bash", "Bash", true},
		{"claude-code", "mcp____x", "mcp____x", false},
	} {
		d, _ := Lookup(tc.agent)
		if got, known := d.HookctlTool(tc.tool); got != tc.want || known != tc.known {
			t.Errorf("%s HookctlTool(%q) = %q, %v; want %q, %v", tc.agent, tc.tool, got, known, tc.want, tc.known)
		}
	}
	gemini, _ := Lookup("gemini")
	if got := gemini.AgentTools("mcp__github__create_issue"); !reflect.DeepEqual(got, []string{"mcp_github_create_issue", "mcp__github__create_issue"}) {
		t.Errorf("gemini AgentTools(mcp__github__create_issue) = %q", got)
	}
	claude, _ := Lookup("claude-code")
	if got := claude.AgentTools(ToolDelegateTask); !reflect.DeepEqual(got, []string{"Agent", "Task"}) {
		t.Errorf("claude-code AgentTools(delegate_task) = %q", got)
	}
}

// TestShellTools: every agent has a shell tool, and the ones the real agents were seen to
// send are among them.
func TestShellTools(t *testing.T) {
	want := map[string][]string{
		"claude-code": {"Bash"}, "codex": {"Bash"}, "gemini": {"run_shell_command"}, "cursor": {"Shell"},
		"copilot": {"bash", "powershell"}, "windsurf": {"run_command"}, "cline": {"run_commands", "execute_command"},
		"hermes": {"terminal"}, "opencode": {"bash"}, "kilo": {"bash"}, "pi": {"bash"},
		"qwen-code": {"run_shell_command"}, "droid": {"Execute"},
	}
	for _, d := range Dialects() {
		if got := d.ShellTools(); !reflect.DeepEqual(got, want[d.Name]) {
			t.Errorf("%s ShellTools() = %q, want %q", d.Name, got, want[d.Name])
		}
	}
}

// fullMatch is a matcher as config compiles it: anchored, whole name.
func fullMatch(m string) func(string) bool {
	re := regexp.MustCompile(`^(?:` + m + `)$`)
	return re.MatchString
}

func TestToolMatches(t *testing.T) {
	for _, tc := range []struct {
		agent, matcher, tool string
		want                 bool
	}{
		{"claude-code", "terminal", "Bash", true},
		{"claude-code", "Bash", "Bash", true},
		{"claude-code", "terminal|patch", "Edit", true},
		{"claude-code", "terminal", "Read", false},
		{"claude-code", "term", "Bash", false},        // a prefix of hookctl's name is not a match
		{"claude-code", "termnal", "Bash", false},     // nor is a typo
		{"claude-code", "Bsh", "Bash", false},         // nor the agent's name mistyped
		{"claude-code", "terminal", "terminal", true}, // a tool of that very name matches as itself
		{"codex", "terminal", "Bash", true},
		{"gemini", "terminal", "run_shell_command", true},
		{"gemini", "mcp__github__.*", "mcp_github_create_issue", true},
		{"gemini", "mcp_github_.*", "mcp_github_create_issue", true},
		{"cursor", "terminal", "Shell", true},
		{"copilot", "terminal", "bash", true},
		{"windsurf", "terminal", "run_command", true},
		{"cline", "terminal", "run_commands", true},
		{"cline", "read_file", "read_files", true},
		{"cline", "read_file", "read_file", true},
		{"hermes", "Bash", "terminal", false}, // another agent's name is not hookctl's
	} {
		d, _ := Lookup(tc.agent)
		if got := d.ToolMatches(tc.tool, fullMatch(tc.matcher)); got != tc.want {
			t.Errorf("%s: matcher %q on %q = %v, want %v", tc.agent, tc.matcher, tc.tool, got, tc.want)
		}
	}
}

// TestToolMatchesTypoNeverWidens: a matcher that names no tool of any agent by either name
// matches nothing, under every agent.
func TestToolMatchesTypoNeverWidens(t *testing.T) {
	for _, typo := range []string{"termnal", "Terminal", "bash_", "Bash ", "term", "erminal", "terminal2", "read-file",
		"mcp__github", "mcp__github__", "shell", "Shel", "run_shell", "patches"} {
		match := fullMatch(typo)
		for _, d := range Dialects() {
			for _, tool := range append(slices.Clone(d.Tools), "mcp__github__create_issue", "mcp_github_create_issue") {
				if d.ToolMatches(tool, match) && tool != typo {
					t.Errorf("%s: matcher %q matches %q", d.Name, typo, tool)
				}
			}
		}
	}
}

// FuzzToolTranslate: translating any input of any tool never panics; what was mapped forward
// maps back, and forward again to the same bytes; what maps back from hookctl's keys comes
// forward to the same value.
func FuzzToolTranslate(f *testing.F) {
	for _, d := range Dialects() {
		for _, r := range d.ToolRows() {
			f.Add(d.Name, r.Agent, []byte(sampleInput(r)))
		}
	}
	f.Add("codex", "Bash", []byte(`{"command":["bash","-lc","rm -rf /"]}`))
	f.Add("cline", "run_commands", []byte(`{"commands":["a","b\u0000"],"x":{"y":[1]}}`))
	f.Add("cline", "read_files", []byte(`{"path":"\u00e9"}`))
	f.Add("gemini", "mcp_s_t", []byte(`{"a":1}`))
	f.Fuzz(func(t *testing.T, name, tool string, in []byte) {
		d, err := Lookup(name)
		if err != nil {
			d = registry()[len(name)%len(registry())]
		}
		if h, err := d.ToHookctlInput(tool, in); err == nil {
			back, err := d.ToAgentInput(tool, h)
			if err != nil {
				t.Fatalf("%s %s: %s -> %s does not map back: %v", d.Name, tool, in, h, err)
			}
			again, err := d.ToHookctlInput(tool, back)
			if err != nil || !bytes.Equal(again, h) {
				t.Fatalf("%s %s: %s -> %s -> %s -> %s (%v)", d.Name, tool, in, h, back, again, err)
			}
		}
		if a, err := d.ToAgentInput(tool, in); err == nil {
			h, err := d.ToHookctlInput(tool, a)
			if err != nil {
				t.Fatalf("%s %s: %s -> %s does not come forward: %v", d.Name, tool, in, a, err)
			}
			if json.Valid(in) && !sameJSON(in, h) {
				t.Fatalf("%s %s: %s -> %s -> %s", d.Name, tool, in, a, h)
			}
		}
		if hn, known := d.HookctlTool(tool); known && !slices.Contains(d.AgentTools(hn), tool) {
			t.Fatalf("%s: %q -> %q, whose agent tools %q lack it", d.Name, tool, hn, d.AgentTools(hn))
		}
	})
}

// sameJSON reports whether two JSON texts hold the same value.
func sameJSON(a, b []byte) bool {
	var va, vb any
	da := json.NewDecoder(bytes.NewReader(a))
	da.UseNumber()
	db := json.NewDecoder(bytes.NewReader(b))
	db.UseNumber()
	if da.Decode(&va) != nil || db.Decode(&vb) != nil {
		return false
	}
	return reflect.DeepEqual(va, vb)
}

// BenchmarkToolTranslate measures what a `dialect: hookctl` hook costs on the tool event: the
// shell call of each kind of row put into hookctl's keys.
func BenchmarkToolTranslate(b *testing.B) {
	for _, bc := range []struct{ agent, tool, in string }{
		{"claude-code", "Bash", `{"command":"git status --short && rm -rf build","description":"Clean the build","timeout":120000}`},
		{"codex", "Bash", `{"command":["bash","-lc","git status --short && rm -rf build"]}`},
		{"cline", "run_commands", `{"commands":["git status --short","rm -rf build"]}`},
		{"claude-code", "Edit", `{"file_path":"/work/main.go","old_string":"a := 1","new_string":"a := 2"}`},
	} {
		d, _ := Lookup(bc.agent)
		in := json.RawMessage(bc.in)
		b.Run(bc.agent+"/"+bc.tool, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				name, _ := d.HookctlTool(bc.tool)
				h, err := d.ToHookctlInput(bc.tool, in)
				if err != nil || name == "" || len(h) == 0 || h[0] != '{' {
					b.Fatal(err)
				}
			}
		})
	}
}
