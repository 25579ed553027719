package config

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// parseCommand loads a config, written in dir, holding one pre_tool_call hook that runs command.
func parseCommand(t *testing.T, dir, command string) *Config {
	t.Helper()
	data, err := yaml.Marshal(map[string]any{
		"hooks": map[string]any{"pre_tool_call": []map[string]string{{"command": command}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return Parse(filepath.Join(dir, "config.yaml"), data, Options{LookupEnv: testEnv})
}

// onDrive returns p, a path rooted with /, as hookctl resolves it: on Windows, on the drive of
// dir (the config's folder); elsewhere as it is.
func onDrive(dir, p string) string {
	if strings.HasPrefix(p, "/") {
		return filepath.Join(filepath.VolumeName(dir), p)
	}
	return p
}

// TestCommandResolution covers SPEC section 2, "Command splitting and resolution", and the
// script rule: the first word with a script extension, else the first word with a / or a
// leading ~, else the program found on PATH (then not pinned).
func TestCommandResolution(t *testing.T) {
	// $DIR in a want is the config's folder, a fresh t.TempDir per case.
	tests := []struct {
		name       string
		command    string
		files      []string // created in the config's folder first
		wantArgv   []string
		wantWord   int    // ScriptWord
		wantScript string // "" when the script is found on PATH at run time
	}{
		{
			name:     "bare program stays bare, for PATH at run time",
			command:  "guard --flag",
			wantArgv: []string{"guard", "--flag"},
		},
		{
			name:     "bare program with a script extension stays bare too",
			command:  "guard.sh",
			wantArgv: []string{"guard.sh"},
		},
		{
			name:       "absolute program stays",
			command:    "/opt/hooks/guard.sh -v",
			wantArgv:   []string{"/opt/hooks/guard.sh", "-v"},
			wantScript: "/opt/hooks/guard.sh",
		},
		{
			name:       "relative program resolves against the config folder",
			command:    "./guard.sh",
			wantArgv:   []string{"$DIR/guard.sh"},
			wantScript: "$DIR/guard.sh",
		},
		{
			name:       "relative program without a dot",
			command:    "hooks/guard.sh",
			wantArgv:   []string{"$DIR/hooks/guard.sh"},
			wantScript: "$DIR/hooks/guard.sh",
		},
		{
			name:       "relative program in a parent folder",
			command:    "../shared/guard.sh",
			wantArgv:   []string{"$DIR/../shared/guard.sh"},
			wantScript: "$DIR/../shared/guard.sh",
		},
		{
			name:       "home program",
			command:    "~/.agent-hooks/guard.sh",
			wantArgv:   []string{"/home/tester/.agent-hooks/guard.sh"},
			wantScript: "/home/tester/.agent-hooks/guard.sh",
		},
		{
			name:       "leading ~ expanded in every word, and only leading ~ or ~/",
			command:    "~/bin/run ~ ~/data x~ a/~/b ~other/x",
			wantArgv:   []string{"/home/tester/bin/run", "/home/tester", "/home/tester/data", "x~", "a/~/b", "~other/x"},
			wantScript: "/home/tester/bin/run",
		},
		{
			name:       "$VAR and ${VAR} expanded in every word, unset to nothing",
			command:    "$TOOLS/guard.sh ${NAME}.log pre-$NAME ${NAME}x $NAMEx [$UNSET]",
			wantArgv:   []string{"/opt/tools/guard.sh", "guard.log", "pre-guard", "guardx", "", "[]"},
			wantScript: "/opt/tools/guard.sh",
		},
		{
			name:       "$(, $1, a lone $ and malformed braces stay literal",
			command:    "./guard.sh $(date) $1 $ ${1} ${} ${NAME $$ cost$",
			wantArgv:   []string{"$DIR/guard.sh", "$(date)", "$1", "$", "${1}", "${}", "${NAME", "$$", "cost$"},
			wantScript: "$DIR/guard.sh",
		},
		{
			name:     "single quotes and backslashes keep $ and ~ as a shell does",
			command:  `sh -c 'for f in *; do echo "$f" ~; done' \$NAME \~ "$NAME" "~/x"`,
			wantArgv: []string{"sh", "-c", `for f in *; do echo "$f" ~; done`, "$NAME", "~", "guard", "/home/tester/x"},
			// "~/x" starts with ~: the script rule picks it, after the /-free words before it.
			wantWord:   6,
			wantScript: "/home/tester/x",
		},
		{
			name:     "quotes keep words together",
			command:  `guard "two words" 'and three words' it\'s`,
			wantArgv: []string{"guard", "two words", "and three words", "it's"},
		},
		{
			name:       "shell syntax is passed literally, never run through a shell",
			command:    "./guard.sh | tee log && rm -rf / ; echo done > out < in `id`",
			wantArgv:   []string{"$DIR/guard.sh", "|", "tee", "log", "&&", "rm", "-rf", "/", ";", "echo", "done", ">", "out", "<", "in", "`id`"},
			wantScript: "$DIR/guard.sh",
		},
		{
			name:       "a script extension beats an earlier path",
			command:    "/usr/bin/env deno run ~/x.ts",
			wantArgv:   []string{"/usr/bin/env", "deno", "run", "/home/tester/x.ts"},
			wantWord:   3,
			wantScript: "/home/tester/x.ts",
		},
		{
			name:       "without an extension, the first word with a /",
			command:    "sudo -n /opt/guard --x",
			wantArgv:   []string{"sudo", "-n", "/opt/guard", "--x"},
			wantWord:   2,
			wantScript: "/opt/guard",
		},
		{
			name:       "without an extension, the first word starting with ~",
			command:    "env ~/bin/guard",
			wantArgv:   []string{"env", "/home/tester/bin/guard"},
			wantWord:   1,
			wantScript: "/home/tester/bin/guard",
		},
		{
			name:       "python3 hook.py resolves against the config folder when the file is there",
			command:    "python3 hook.py --strict",
			files:      []string{"hook.py"},
			wantArgv:   []string{"python3", "$DIR/hook.py", "--strict"},
			wantWord:   1,
			wantScript: "$DIR/hook.py",
		},
		{
			name:       "a relative script word in a subfolder of the config folder",
			command:    "node lib/hook.mjs",
			files:      []string{"lib/hook.mjs"},
			wantArgv:   []string{"node", "$DIR/lib/hook.mjs"},
			wantWord:   1,
			wantScript: "$DIR/lib/hook.mjs",
		},
		{
			name:       "relative program and relative script both resolve",
			command:    "./bin/runner task.rb",
			files:      []string{"task.rb"},
			wantArgv:   []string{"$DIR/bin/runner", "$DIR/task.rb"},
			wantWord:   1,
			wantScript: "$DIR/task.rb",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range tt.files {
				p := filepath.Join(dir, f)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			c := parseCommand(t, dir, tt.command)
			if len(c.Problems) > 0 || len(c.Hooks) != 1 {
				t.Fatalf("%q gave %d hooks, problems %v", tt.command, len(c.Hooks), c.Problems)
			}
			h := c.Hooks[0]
			inDir := func(s string) string {
				if strings.HasPrefix(s, "$DIR/") {
					return filepath.Join(dir, s[len("$DIR/"):])
				}
				return onDrive(dir, s)
			}
			wantArgv := make([]string, len(tt.wantArgv))
			for i, w := range tt.wantArgv {
				wantArgv[i] = w
				if i == 0 || tt.wantScript != "" && i == tt.wantWord {
					wantArgv[i] = inDir(w)
				}
			}
			if !slices.Equal(h.Argv, wantArgv) {
				t.Errorf("argv\n got %q\nwant %q", h.Argv, wantArgv)
			}
			if want := inDir(tt.wantScript); h.Script != want || h.ScriptWord != tt.wantWord {
				t.Errorf("script = word %d %q, want word %d %q", h.ScriptWord, h.Script, tt.wantWord, want)
			}
			if h.Pinned() != (tt.wantScript != "") {
				t.Errorf("Pinned() = %v for script %q", h.Pinned(), h.Script)
			}
			if h.Command != tt.command {
				t.Errorf("Command = %q, want it as written", h.Command)
			}
		})
	}
}

// TestRelativeScriptWordWithoutFile: a relative script word that is not first and names no file
// of the config folder resolves against the working folder at load time, and the absolute
// path is what runs, so the file pinned is the file read whatever the hook's working folder.
func TestRelativeScriptWordWithoutFile(t *testing.T) {
	c := parseCommand(t, t.TempDir(), "python3 hook.py")
	if len(c.Hooks) != 1 {
		t.Fatalf("problems: %v", c.Problems)
	}
	h := c.Hooks[0]
	wantScript, err := filepath.Abs("hook.py")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(h.Argv, []string{"python3", wantScript}) || h.ScriptWord != 1 || h.Script != wantScript || !h.Pinned() {
		t.Errorf("argv %q, script word %d %q, pinned %v; want %q pinned and run", h.Argv, h.ScriptWord, h.Script, h.Pinned(), wantScript)
	}
}

// TestCommandErrors: a command that cannot be split cleanly drops its entry, with the reason.
func TestCommandErrors(t *testing.T) {
	tests := []struct {
		command string
		want    string // in the problem's message
	}{
		{"", "command is empty"},
		{" \t\n ", "command is empty"},
		{"# ./disabled.sh", "command is only a comment"},
		{"./tag.sh --tag #1", `the word "#1" would start a comment`},
		{"./tag.sh #", `the word "#" would start a comment`},
		{"./tag.sh\n#note\n--more", "command spans several lines"},
		// What a terminal shows of these is not what runs: "\r\x1b[2K" erases the line so far.
		{"./evil.sh\r\x1b[2K./harmless.sh", `control character '\r'`},
		{"./evil.sh \x1b[2K\x1b[1G./harmless.sh", `control character '\x1b'`},
		{"./evil.sh\b\b\b\b\b\b\bok.sh", `control character '\b'`},
		{"./evil.sh \u0085 x", `control character '\u0085'`},
		{"./evil.sh \x7f", `control character '\x7f'`},
		{"FOO=1 BAR=2", "names no program"},
		{"./say.sh 'hello", "unclosed quote (')"},
		{`./say.sh "hello`, `unclosed quote (")`},
		{`./say.sh "it's`, `unclosed quote (")`},
		{`./say.sh trailing\`, "ends with a backslash"},
		{"./a.sh\x00--flag", "NUL byte"},
		{"$UNSET --flag", `the program word "$UNSET" expands to nothing`},
	}
	for _, tt := range tests {
		t.Run(tt.command, func(t *testing.T) {
			c := parseCommand(t, t.TempDir(), tt.command)
			if len(c.Hooks) != 0 {
				t.Errorf("hook loaded with argv %q", c.Hooks[0].Argv)
			}
			if len(c.Problems) != 1 {
				t.Fatalf("problems %v, want one", c.Problems)
			}
			p := c.Problems[0]
			if p.Severity != SeverityError || !strings.Contains(p.Message, tt.want) || !strings.HasSuffix(p.Message, "(hook dropped)") {
				t.Errorf("problem %q, want an error with %q that says the hook is dropped", p.Message, tt.want)
			}
		})
	}
}

// TestCommentCharInsideWords: # starts a comment only at the start of an unquoted word.
func TestCommentCharInsideWords(t *testing.T) {
	c := parseCommand(t, t.TempDir(), `guard issue#2 '#quoted' "#double" \#escaped`)
	if len(c.Hooks) != 1 {
		t.Fatalf("problems: %v", c.Problems)
	}
	want := []string{"guard", "issue#2", "#quoted", "#double", "#escaped"}
	if got := c.Hooks[0].Argv; !slices.Equal(got, want) {
		t.Errorf("argv %q, want %q", got, want)
	}
}

// TestHomeUnset: without HOME, a word starting with ~ cannot be expanded, and is not taken for
// a folder named "~" either: the entry is dropped. A quoted ~ is a plain character.
func TestHomeUnset(t *testing.T) {
	noHome := func(string) (string, bool) { return "", false }
	data := []byte("hooks:\n  pre_tool_call:\n    - command: guard ~/x\n    - command: guard '~/x'\n")
	c := Parse(filepath.Join(t.TempDir(), "config.yaml"), data, Options{LookupEnv: noHome})
	if len(c.Hooks) != 1 || !slices.Equal(c.Hooks[0].Argv[:1], []string{"guard"}) || c.Hooks[0].Line != 4 {
		t.Errorf("hooks %+v", c.Hooks)
	}
	if len(c.Problems) != 1 || !strings.Contains(c.Problems[0].Message, HomeVar+" is not set") {
		t.Errorf("problems %v", c.Problems)
	}
}

// TestHomeUnsetProgram: a program named from ~ cannot be found without HOME; the entry is
// dropped instead of running some file below the config folder.
func TestHomeUnsetProgram(t *testing.T) {
	noHome := func(string) (string, bool) { return "", false }
	data := []byte("hooks:\n  pre_tool_call:\n    - command: ~/guard.sh\n")
	c := Parse(filepath.Join(t.TempDir(), "config.yaml"), data, Options{LookupEnv: noHome})
	if len(c.Hooks) != 0 || len(c.Problems) != 1 || !strings.Contains(c.Problems[0].Message, HomeVar+" is not set") {
		t.Errorf("hooks %+v, problems %v", c.Hooks, c.Problems)
	}
}

// TestScriptSkipsFlagsAndURLs: a flag or a URL with a slash names no script, so the program
// (found on PATH) is the script and nothing that cannot exist gets pinned.
func TestScriptSkipsFlagsAndURLs(t *testing.T) {
	for _, command := range []string{"curl -s https://example.com/hook", "notify --out=/tmp/log", "tool -o /dev/null"} {
		c := parseCommand(t, t.TempDir(), command)
		if len(c.Hooks) != 1 {
			t.Fatalf("%s: problems %v", command, c.Problems)
		}
		h := c.Hooks[0]
		want := 0
		if command == "tool -o /dev/null" {
			want = 2 // a plain path after a flag is still a script word, as the rule says
		}
		if h.ScriptWord != want {
			t.Errorf("%s: script word %d (%q), want %d", command, h.ScriptWord, h.Script, want)
		}
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"./guard.sh":         "./guard.sh",
		"./guard.sh --tag x": "'./guard.sh --tag x'",
		"it's":               `'it'\''s'`,
		"":                   "''",
		"a|b":                "'a|b'",
	} {
		if got := ShellQuote(in); got != want {
			t.Errorf("ShellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestCommandSurroundingWhiteSpace: YAML folding leaves a trailing newline, and a tab between
// words is only white space: neither hides anything, so neither drops the entry.
func TestCommandSurroundingWhiteSpace(t *testing.T) {
	for _, command := range []string{"./guard.sh --strict\n", "\t./guard.sh\t--strict \r\n"} {
		c := parseCommand(t, t.TempDir(), command)
		if len(c.Hooks) != 1 || len(c.Problems) != 0 {
			t.Fatalf("%q: hooks %d, problems %v", command, len(c.Hooks), c.Problems)
		}
		if got := c.Hooks[0].Argv[1:]; !slices.Equal(got, []string{"--strict"}) || c.Hooks[0].Command != command {
			t.Errorf("%q: argv %q, command %q", command, c.Hooks[0].Argv, c.Hooks[0].Command)
		}
	}
}

// TestCommandEnvWords: leading NAME=value words set the hook's environment, as env(1) and a
// shell do; they are expanded like any word, and are neither the program nor the script.
func TestCommandEnvWords(t *testing.T) {
	dir := t.TempDir()
	c := parseCommand(t, dir, `LEVEL=strict LOG="$TOOLS/log dir/x.sh" _X= CACHE=~/c Q='~/$x' ./guard.sh A=b --x`)
	if len(c.Hooks) != 1 {
		t.Fatalf("problems %v", c.Problems)
	}
	h := c.Hooks[0]
	if want := []string{"LEVEL=strict", "LOG=/opt/tools/log dir/x.sh", "_X=", "CACHE=/home/tester/c", "Q=~/$x"}; !slices.Equal(h.Env, want) {
		t.Errorf("env %q, want %q", h.Env, want)
	}
	if want := []string{filepath.Join(dir, "guard.sh"), "A=b", "--x"}; !slices.Equal(h.Argv, want) || h.ScriptWord != 0 || h.Script != want[0] {
		t.Errorf("argv %q, script word %d %q", h.Argv, h.ScriptWord, h.Script)
	}
	// Not assignments: a name that is not one, a quoted or expanded name.
	// A quoted or escaped = too, as in a shell: the README promises that `'A=b' cmd` runs a
	// program named A=b, so a person reading `"LD_PRELOAD=x.so" ./guard.sh` must not get a
	// guard.sh run with a library preloaded.
	for command, argv0 := range map[string]string{"1X=a guard": "1X=a", "$NAME=a guard": "guard=a", "'=a' guard": "=a",
		"'A=b' guard": "A=b", `"LD_PRELOAD=x.so" ./guard.sh`: "LD_PRELOAD=x.so", `A\=b guard`: "A=b", `A"=b" guard`: "A=b",
		// A quote anywhere in the name makes it no name: sh runs the program A0=0.
		`A""0=0 guard`: "A0=0", `"A"B=1 guard`: "AB=1", `\A=1 guard`: "A=1"} {
		c := parseCommand(t, dir, command)
		if len(c.Hooks) != 1 || len(c.Hooks[0].Env) != 0 || c.Hooks[0].Argv[0] != argv0 {
			t.Errorf("%s: hooks %+v, problems %v", command, c.Hooks, c.Problems)
		}
	}
}

// TestScriptWordsNeverURLsOrFlags is the attack of a hook whose URL or flag argument ends in a
// script extension: it was taken for the script, rewritten into a path that does not exist and
// pinned to it, so the hook could never be approved and got a mangled argument.
func TestScriptWordsNeverURLsOrFlags(t *testing.T) {
	dir := t.TempDir()
	for command, want := range map[string][]string{
		"./guard https://host/x.sh":                  {"$DIR/guard", "https://host/x.sh"},
		"./guard --out=build/x.sh":                   {"$DIR/guard", "--out=build/x.sh"},
		"guard --out=build/x.sh -c=~/y.py":           {"guard", "--out=build/x.sh", "-c=~/y.py"},
		"curl -s https://example.com/hook.sh":        {"curl", "-s", "https://example.com/hook.sh"},
		"scp git@host:hooks/x.sh host2:y.py":         {"scp", "git@host:hooks/x.sh", "host2:y.py"},
		"python3 -m http.server --bind=/tmp/sock.py": {"python3", "-m", "http.server", "--bind=/tmp/sock.py"},
		"sh -c './hooks/stop.sh && echo done'":       {"sh", "-c", "./hooks/stop.sh && echo done"},
		"bash -c 'cd /tmp && ls' x":                  {"bash", "-c", "cd /tmp && ls", "x"},
	} {
		c := parseCommand(t, dir, command)
		if len(c.Hooks) != 1 {
			t.Fatalf("%s: problems %v", command, c.Problems)
		}
		h := c.Hooks[0]
		for i := range want {
			if strings.HasPrefix(want[i], "$DIR/") {
				want[i] = filepath.Join(dir, want[i][len("$DIR/"):])
			}
		}
		if !slices.Equal(h.Argv, want) || h.ScriptWord != 0 {
			t.Errorf("%s: argv %q script word %d, want %q and the program as the script", command, h.Argv, h.ScriptWord, want)
		}
		if strings.HasPrefix(command, "./") != h.Pinned() {
			t.Errorf("%s: pinned %v (%q)", command, h.Pinned(), h.Script)
		}
	}
}

// TestPinnedFiles: every word that names an existing file by a path is pinned beside the
// script, the program too (`./wrap ./guard.sh`, `.venv/bin/python guard.py`), and runs by the
// absolute path that was pinned; a program found on PATH, a flag, a URL, the code of `sh -c`,
// a folder and a path naming no file are not.
func TestPinnedFiles(t *testing.T) {
	tests := []struct {
		name, command string
		files         []string // created in the config folder
		want          []string // $DIR is the config folder
	}{
		{"wrapper program", "./wrap ./guard.sh", []string{"wrap", "guard.sh"}, []string{"$DIR/wrap"}},
		{"venv python", ".venv/bin/python guard.py", []string{".venv/bin/python", "guard.py"}, []string{"$DIR/.venv/bin/python"}},
		{"absolute program", "/bin/sh ./guard.sh", []string{"guard.sh"}, []string{"/bin/sh"}},
		{"argument file", "python3 guard.py ./rules.json", []string{"guard.py", "rules.json"}, []string{"$DIR/rules.json"}},
		{"program on PATH", "python3 guard.py", []string{"guard.py"}, nil},
		{"script only", "./guard.sh", []string{"guard.sh"}, nil},
		{"missing file", "./wrap ./guard.sh ./out.log", []string{"wrap", "guard.sh"}, []string{"$DIR/wrap"}},
		{"folder", "./guard.sh /tmp", []string{"guard.sh"}, nil},
		{"flag and url", "./guard.sh --rules=./rules.json https://h/x/y", []string{"guard.sh", "rules.json"}, nil},
		{"sh -c code", "/usr/bin/env sh -c ./guard.sh", []string{"guard.sh"}, nil}, // env is the script here
		{"named twice", "./wrap ./guard.sh ./wrap", []string{"wrap", "guard.sh"}, []string{"$DIR/wrap"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "absolute program" && runtime.GOOS == "windows" {
				t.Skip("Windows has no /bin/sh; TestWindowsPathWords covers absolute Windows paths")
			}
			dir := t.TempDir()
			for _, f := range tt.files {
				p := filepath.Join(dir, f)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			c := parseCommand(t, dir, tt.command)
			if len(c.Hooks) != 1 {
				t.Fatalf("problems: %v", c.Problems)
			}
			h := c.Hooks[0]
			var want []string
			for _, w := range tt.want {
				if strings.HasPrefix(w, "$DIR/") {
					w = filepath.Join(dir, w[len("$DIR/"):])
				}
				want = append(want, w)
			}
			if !slices.Equal(h.Files, want) {
				t.Errorf("Files = %q, want %q", h.Files, want)
			}
			for _, f := range h.Files {
				if !slices.Contains(h.Argv, f) {
					t.Errorf("pinned %s does not run: argv %q", f, h.Argv)
				}
			}
		})
	}
}
