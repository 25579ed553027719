package install

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/shlex"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/hookctl/hookctl/config"
)

// FuzzEdit checks, for any settings text, that install either refuses it or produces JSON
// that parses, keeps every other key and every other hook entry as they were, is idempotent,
// and that uninstall then gives back a value JSON-equal to the start.
func FuzzEdit(f *testing.F) {
	files, _ := filepath.Glob("testdata/settings/*.txtar")
	for _, file := range files {
		if ar, err := txtar.ParseFile(file); err == nil {
			if data, ok := section(ar, "before.json"); ok {
				f.Add(data, false)
			}
		}
	}
	broken, _ := filepath.Glob("testdata/broken/*.json")
	for _, file := range broken {
		data, _ := os.ReadFile(file)
		f.Add(data, true)
	}
	f.Fuzz(func(t *testing.T, data []byte, flat bool) {
		tg := Target{Agent: "claude-code", Path: "settings.json", Layout: Grouped, Command: CommandLine(testBin, "claude-code", RunFlags{}), Name: "hookctl"}
		if flat {
			tg.Agent, tg.Layout, tg.Command = "cursor", Flat, CommandLine(testBin, "cursor", RunFlags{})
		}
		want := []Want{{"PreToolUse", 10, 10}, {"Stop", 65, 65}}
		var r Report
		out, _, err := editText(data, tg, want, backup{}, &r)
		if err != nil {
			return
		}
		if !json.Valid(out) {
			t.Fatalf("output does not parse:\n%s", out)
		}
		inEntries, ownBefore := otherEntries(t, data, tg)
		outEntries, _ := otherEntries(t, out, tg)
		if !reflect.DeepEqual(inEntries, outEntries) {
			t.Fatalf("other hook entries changed:\n%q\n%q", inEntries, outEntries)
		}
		if !sameOtherKeys(data, out, tg.Layout) {
			t.Fatalf("other keys changed:\n%s\n%s", data, out)
		}
		var r2 Report
		if _, changed, err := editText(out, tg, want, backup{}, &r2); err != nil || changed {
			t.Fatalf("second install: changed %v, %v", changed, err)
		}
		if ownBefore || len(bytes.TrimSpace(data)) == 0 {
			return
		}
		prior, _ := parseDoc(data)
		var r3 Report
		back, _, err := editText(out, tg, nil, backup{ok: true, data: data, prior: prior}, &r3)
		if err != nil || !jsonEqual(back, data) {
			t.Fatalf("uninstall: %v\n%s\nwant\n%s", err, back, data)
		}
	})
}

// otherEntries lists the text of every hook entry that is not hookctl's, by event, and
// whether there was one of hookctl's.
func otherEntries(t *testing.T, data []byte, tg Target) (map[string][]string, bool) {
	out := map[string][]string{}
	if len(bytes.TrimSpace(data)) == 0 {
		return out, false
	}
	d, err := newDoc(data, false)
	if err != nil {
		t.Fatal(err)
	}
	s := &settings{doc: d, path: tg.Path, layout: tg.Layout}
	es, err := s.entries()
	if err != nil {
		t.Fatal(err)
	}
	own := false
	for _, e := range es {
		if IsOwnCommand(e.command, tg.Agent, tg.Name) {
			own = true
			continue
		}
		out[e.event] = append(out[e.event], string(s.data[e.obj.start:e.obj.end]))
	}
	return out, own
}

// sameOtherKeys reports whether every top-level key but those install manages holds the same
// value in a and b.
func sameOtherKeys(a, b []byte, layout Layout) bool {
	var x, y map[string]any
	if len(bytes.TrimSpace(a)) == 0 {
		return true
	}
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	for _, m := range []map[string]any{x, y} {
		delete(m, "hooks")
		if layout == Flat {
			delete(m, "version")
		}
	}
	return reflect.DeepEqual(x, y)
}

// FuzzShellWrap checks that a command wrapped for import as sh -c '...' reaches sh as exactly
// the agent's command, however it is quoted, when config.yaml's loader splits it.
func FuzzShellWrap(f *testing.F) {
	for _, s := range []string{"a | b", `echo "it's $HOME" > ~/x`, `'\''`, "x\\", "#c", "${A:-b} && c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, command string) {
		if strings.TrimSpace(command) == "" || strings.ContainsFunc(command, unicode.IsControl) || !utf8.ValidString(command) {
			return
		}
		wrapped := "sh -c " + shellQuote(command)
		yamlText := "hooks:\n  on_session_start:\n    - command: " + strconv.Quote(wrapped) + "\n"
		cfg := config.Parse("/cfg/config.yaml", []byte(yamlText), config.Options{LookupEnv: func(string) (string, bool) { return "", false }})
		if len(cfg.Hooks) != 1 {
			t.Fatalf("%q dropped: %v", wrapped, cfg.Problems)
		}
		if argv := cfg.Hooks[0].Argv; len(argv) != 3 || argv[2] != command {
			t.Fatalf("%q split into %q", wrapped, argv)
		}
	})
}

// FuzzAppendToConfig checks, for any config text, that import's edit, once Import's own Check
// has found every imported hook loaded exactly as written, also kept every hook the config
// held, in order. (An edit Check rejects is refused: nothing is written.)
func FuzzAppendToConfig(f *testing.F) {
	files, _ := filepath.Glob("testdata/import/*.txtar")
	for _, file := range files {
		if ar, err := txtar.ParseFile(file); err == nil {
			if data, ok := section(ar, "config.yaml"); ok {
				f.Add(data)
			}
		}
	}
	f.Add([]byte("hooks:\n  pre_tool_call:\n  - command: a\n    timeout: |\n      5\n\n  post_tool_call: ~\n"))
	f.Add([]byte("hooks: {}\n"))
	f.Add([]byte("x: 1"))
	opts := config.Options{LookupEnv: func(string) (string, bool) { return "", false }}
	hooks := []Imported{
		{Event: "pre_tool_call", Matcher: "Bash", Command: "sh -c 'a | b'", Original: "a | b", TimeoutS: 2.5, Agents: []string{"claude-code"}},
		{Event: "on_session_start", Command: "/bin/true", Original: "/bin/true"},
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		before := config.Parse("/cfg/config.yaml", data, opts)
		if before.Unreadable {
			return
		}
		out, err := AppendToConfig(data, hooks, "/src/settings.json")
		if err != nil {
			return
		}
		if err := Check("/cfg/config.yaml", out, hooks, opts); err != nil {
			return // Import refuses it, writing nothing
		}
		after := config.Parse("/cfg/config.yaml", out, opts)
		var kept []string
		for _, h := range after.Hooks {
			kept = append(kept, h.Event+" "+h.Command)
		}
		i := 0
		for _, h := range before.Hooks {
			for i < len(kept) && kept[i] != h.Event+" "+h.Command {
				i++
			}
			if i == len(kept) {
				t.Fatalf("hook %s %q lost:\n%s\n=>\n%s", h.Event, h.Command, data, out)
			}
			i++
		}
	})
}

// FuzzEnvWords checks that import keeps a command's leading NAME=value words only when hookctl
// reads them as sh does: a command left unwrapped loads with exactly the words before the
// program that import counted as its environment.
func FuzzEnvWords(f *testing.F) {
	for _, s := range []string{"A=1 ./x.sh", `A="a b" B='$c' x`, `'A=b' x`, `A=\ b x`, "A=1", "A= x", `A="x\"y" z`, "1A=b x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, command string) {
		start := programStart(command)
		if start < 0 || start > len(command) {
			t.Fatalf("programStart(%q) = %d", command, start)
		}
		if strings.TrimSpace(command) == "" || strings.ContainsFunc(command, unicode.IsControl) || !utf8.ValidString(command) || needsShell(command) {
			return
		}
		yamlText := "hooks:\n  on_session_start:\n    - command: " + strconv.Quote(command) + "\n"
		cfg := config.Parse("/cfg/config.yaml", []byte(yamlText), config.Options{LookupEnv: func(string) (string, bool) { return "", false }})
		if len(cfg.Hooks) != 1 {
			return // a command hookctl refuses is refused with a problem, not run otherwise
		}
		words, err := shlex.Split(command[:start])
		if err != nil {
			t.Fatalf("%q: the env words %q do not split: %v", command, command[:start], err)
		}
		if len(cfg.Hooks[0].Env) != len(words) {
			t.Fatalf("%q: import counts %d env words (%q), hookctl sets %q", command, len(words), words, cfg.Hooks[0].Env)
		}
	})
}

// FuzzEditComments checks install on a settings file of an agent that reads comments (Gemini
// CLI): whatever the text, an edit that succeeds writes a file that parses as that agent reads
// it, changes nothing on a second install, and keeps every comment of a file that held no entry
// of hookctl's, in order and byte for byte.
func FuzzEditComments(f *testing.F) {
	f.Add([]byte("{\n  // a\n  \"theme\": \"x\" /* b */\n}\n"))
	f.Add([]byte("{\"hooks\": {// c\n}}"))
	f.Add([]byte("// lead\n{}"))
	f.Add([]byte("{\"u\": \"http://a//b\", /* open"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tg := Target{Agent: "gemini", Path: "settings.json", Layout: Grouped, Comments: true,
			Command: CommandLine(testBin, "gemini", RunFlags{}), Name: "hookctl"}
		want := []Want{{"BeforeTool", 10000, 10}}
		var r Report
		out, _, err := editText(data, tg, want, backup{}, &r)
		if err != nil {
			return
		}
		if !json.Valid(blankComments(out)) {
			t.Fatalf("output does not parse:\n%s", out)
		}
		var r2 Report
		if _, changed, err := editText(out, tg, want, backup{}, &r2); err != nil || changed {
			t.Fatalf("second install: changed %v, %v", changed, err)
		}
		if d, err := newDoc(data, true); err == nil {
			s := &settings{doc: d, path: tg.Path, layout: tg.Layout}
			if es, err := s.entries(); err == nil && !slices.ContainsFunc(es, func(e entry) bool { return IsOwnCommand(e.command, tg.Agent, tg.Name) }) {
				if got, want := commentsOf(out), commentsOf(data); !slices.Equal(got, want) {
					t.Fatalf("comments changed: %q, want %q", got, want)
				}
			}
		}
	})
}

// commentsOf lists the comments of a text, as blankComments finds them.
func commentsOf(data []byte) []string {
	var out []string
	for _, c := range commentSpans(data) {
		out = append(out, string(data[c[0]:c[1]]))
	}
	return out
}

// FuzzLoadMemory checks the wiring memory's reader: whatever the file holds, it never panics,
// and what it reads, written back by Remember, reads back the same.
func FuzzLoadMemory(f *testing.F) {
	f.Add([]byte(`{"version":1,"wired":[{"agent":"claude-code","file":"/h/.claude/settings.json","agent_event":"PreToolUse","event":"pre_tool_call"}]}`))
	f.Add([]byte(`{"version":1,"wired":[]}`))
	f.Add([]byte(`{"version":2,"wired":[]}`))
	f.Add([]byte(`{"version":1,"wired":[],"extra":1}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "wiring.json")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		list, err := LoadMemory(path)
		if err != nil {
			return
		}
		var now []Wiring
		for _, r := range list {
			if r.Agent == "x" {
				now = append(now, Wiring{Agent: "x", Scope: "user", File: r.File, AgentEvent: r.AgentEvent, Event: r.Event})
			}
		}
		if err := Remember(path, "x", now); err != nil {
			t.Fatalf("Remember over a file LoadMemory read: %v", err)
		}
		again, err := LoadMemory(path)
		if err != nil || len(again) != len(list) {
			t.Fatalf("read back %d entries, %v; want %d", len(again), err, len(list))
		}
	})
}
