package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/agentenv"
)

// TestMain registers the real Main as the "hookctl" command of the script tests: each
// `exec hookctl ...` in the repository's testdata/script runs this test binary as hookctl, in a
// process of its own.
func TestMain(m *testing.M) {
	testPrograms["hookctl"] = func() {
		beforeMain()
		leaveTerminal()
		a := newApp(os.Stdin, os.Stdout, os.Stderr, os.LookupEnv)
		a.procs = belowTestBinary(agentenv.ReadProcess)
		os.Exit(a.execute(os.Args[1:]))
	}
	testscript.Main(removingServeBin{m}, testPrograms)
}

// belowTestBinary is the process table as hookctl sees it under a script test, cut at the
// test binary (hookctl.test): what runs the tests (an agent, when a developer asks one to)
// is no sign of an agent running the scripts' hookctl, and the scripts make their own
// ancestors (a script named claude).
func belowTestBinary(procs agentenv.ProcessTable) agentenv.ProcessTable {
	return func(pid int) (agentenv.Process, error) {
		p, err := procs(pid)
		if err == nil && strings.HasSuffix(p.Comm, ".test") {
			p.PPID = 0
		}
		return p, err
	}
}

// removingServeBin runs the tests, then removes the hookctl-serve they built, if any:
// testscript.Main exits the process when Run returns, so no deferred call would.
type removingServeBin struct{ m *testing.M }

func (r removingServeBin) Run() int {
	code := r.m.Run()
	if serveBinDir != "" {
		_ = os.RemoveAll(serveBinDir)
	}
	return code
}

var update = flag.Bool("update", false, "update the golden output of the scripts in testdata/script")

// TestScript runs the end-to-end scripts of the repository's testdata/script, one per behaviour.
// go test ./cmd/hookctl -run TestScript/run_timeout runs one; -update rewrites the golden files their
// cmp commands compare with.
func TestScript(t *testing.T) {
	t.Parallel()
	needsPOSIX(t)
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("..", "..", "testdata", "script"),
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(env *testscript.Env) error {
			if err := setupScript(env); err != nil {
				return err
			}
			return addServeBin(env)
		},
		// [root]: the script may give files to another user (chown), to write an attack;
		// [landlock]: the kernel wall goes up here.
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "root":
				return os.Geteuid() == 0, nil
			case "landlock":
				return wallUp(), nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: withServeCmds(map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"approve":    cmdApprove,
			"exits":      cmdExits,
			"jsonfield":  cmdJSONField,
			"jsonkeys":   cmdJSONKeys,
			"jsonlen":    cmdJSONLen,
			"perm":       cmdPerm,
			"setenvjson": cmdSetenvJSON,
		}),
	})
}

// setupScript keeps every script away from the developer's own hooks: HOME and HOOKCTL_HOME are
// folders of the work dir, and no variable that bypasses consent or moves a file leaks in.
// The hookctl home is $WORK/home/.agent-hooks, so a script's files live under
// home/.agent-hooks/ in its archive and `~/.agent-hooks/x.sh` in a config finds them.
func setupScript(env *testscript.Env) error {
	home := filepath.Join(env.WorkDir, "home")
	hookctlHome := filepath.Join(home, ".agent-hooks")
	if err := os.MkdirAll(hookctlHome, 0o700); err != nil {
		return err
	}
	env.Vars = slices.DeleteFunc(env.Vars, func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return strings.HasPrefix(name, "HOOKCTL_")
	})
	env.Setenv("HOME", home)
	env.Setenv("HOOKCTL_HOME", hookctlHome)
	// Hook scripts start with #!/bin/sh and call cat, grep and sleep.
	path := env.Getenv("PATH")
	for _, dir := range []string{"/bin", "/usr/bin"} {
		if !slices.Contains(filepath.SplitList(path), dir) {
			path += string(os.PathListSeparator) + dir
		}
	}
	env.Setenv("PATH", path)
	env.Setenv("NO_COLOR", "1")
	// A race-enabled binary sleeps a second at exit by default; hookctl runs once per line.
	if env.Getenv("GORACE") == "" {
		env.Setenv("GORACE", "atexit_sleep_ms=0")
	}
	return nil
}

// cmdApprove records the approval of a configured hook through the consent package, as
// `hookctl hooks approve` would:
//
//	approve EVENT COMMAND
//
// The config and allowlist are found as hookctl finds them, from the script's environment.
func cmdApprove(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: approve EVENT COMMAND")
	}
	event, command := args[0], args[1]
	lookup := func(k string) (string, bool) {
		v := ts.Getenv(k)
		return v, v != ""
	}
	loc, err := config.Locate(lookup, "")
	ts.Check(err)
	cfg, err := config.Load(loc.Config, config.Options{LookupEnv: lookup})
	ts.Check(err)
	for _, h := range cfg.HooksFor(event) {
		if h.Command == command {
			_, err := consent.NewStore(loc.Allowlist).Approve(h)
			ts.Check(err)
			return
		}
	}
	ts.Fatalf("approve: no %s hook runs %q in %s", event, command, loc.Config)
}

// cmdExits runs a command as exec does, stdin and output included, and asserts its exact
// exit status, which `! exec` cannot tell apart:
//
//	exits 2 hookctl run no_such_event
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits STATUS COMMAND [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: bad status %q", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exits: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exits: %s exited with status %d, want %d", args[1], got, want)
	}
}

// cmdJSONField asserts one field of a JSON object, read from a file or from the last
// command's stdout or stderr:
//
//	jsonfield stdout decision block
//	jsonfield stdout hooks.0.status skipped_unapproved
//	jsonfield stdout tool_input '{"command":"ls"}'
//	jsonfield stdout hooks.0.duration_ms '<2000'
//
// KEY is a dotted path; a number indexes a list. A string field is compared with WANT as is, or
// with WANT read as a JSON string when it is quoted ('"two\n\nlines"'); any other value is
// compared as JSON, so WANT may be null, true, 2 or an object in any key order. A number field
// may also be compared with a bound: '<2000', '>=1000'. With !, the field must differ from WANT
// (a missing field differs from everything).
func cmdJSONField(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 3 {
		ts.Fatalf("usage: jsonfield FILE KEY WANT")
	}
	file, key, want := args[0], args[1], args[2]
	data := ts.ReadFile(file)
	var v any
	dec := json.NewDecoder(strings.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		ts.Fatalf("jsonfield: %s is not JSON: %v\n%s", file, err, data)
	}
	got, found := v, true
	for _, part := range strings.Split(key, ".") {
		switch node := got.(type) {
		case map[string]any:
			got, found = node[part]
		case []any:
			i, err := strconv.Atoi(part)
			found = err == nil && i >= 0 && i < len(node)
			if found {
				got = node[i]
			}
		default:
			found = false
		}
		if !found {
			break
		}
	}
	if !found {
		if neg {
			return
		}
		ts.Fatalf("jsonfield: %s has no field %s\n%s", file, key, data)
	}
	if n, ok := got.(json.Number); ok {
		if op, bound, ok := comparison(want); ok {
			f, err := n.Float64()
			ts.Check(err)
			holds := map[string]bool{"<": f < bound, "<=": f <= bound, ">": f > bound, ">=": f >= bound}[op]
			if holds == neg {
				ts.Fatalf("jsonfield: %s of %s is %s, want %s%s", key, file, n, map[bool]string{true: "not ", false: ""}[neg], want)
			}
			return
		}
	}
	equal := false
	if s, ok := got.(string); ok {
		var quoted string
		equal = s == want || (strings.HasPrefix(want, `"`) && json.Unmarshal([]byte(want), &quoted) == nil && s == quoted)
	} else {
		var w any
		wdec := json.NewDecoder(strings.NewReader(want))
		wdec.UseNumber()
		if err := wdec.Decode(&w); err == nil {
			equal = bytes.Equal(mustJSON(ts, got), mustJSON(ts, w))
		}
	}
	switch {
	case neg && equal:
		ts.Fatalf("jsonfield: %s of %s is %s, want anything else", key, file, mustJSON(ts, got))
	case !neg && !equal:
		ts.Fatalf("jsonfield: %s of %s is %s, want %s", key, file, mustJSON(ts, got), want)
	}
}

// comparison reads a WANT such as "<2000" or ">=1000".
func comparison(want string) (op string, bound float64, ok bool) {
	for _, op := range []string{"<=", ">=", "<", ">"} {
		if rest, found := strings.CutPrefix(want, op); found {
			f, err := strconv.ParseFloat(rest, 64)
			return op, f, err == nil
		}
	}
	return "", 0, false
}

func mustJSON(ts *testscript.TestScript, v any) []byte {
	b, err := json.Marshal(v)
	ts.Check(err)
	return b
}

// jsonAt reads a JSON file, or the last command's stdout or stderr, and returns the value at a
// dotted KEY as jsonfield reads it; "." is the whole document.
func jsonAt(ts *testscript.TestScript, file, key string) (any, bool) {
	data := ts.ReadFile(file)
	var v any
	dec := json.NewDecoder(strings.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		ts.Fatalf("%s is not JSON: %v\n%s", file, err, data)
	}
	if key == "." {
		return v, true
	}
	for _, part := range strings.Split(key, ".") {
		switch node := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = node[part]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(node) {
				return nil, false
			}
			v = node[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// cmdJSONKeys asserts that a JSON object has exactly the given keys, no more, no fewer, so a
// --json shape cannot drift unnoticed:
//
//	jsonkeys stdout . config problems hooks
//	jsonkeys stdout hooks.0.script path exists executable
func cmdJSONKeys(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: jsonkeys FILE KEY [NAME...]")
	}
	v, ok := jsonAt(ts, args[0], args[1])
	obj, isObj := v.(map[string]any)
	if !ok || !isObj {
		ts.Fatalf("jsonkeys: %s of %s is not an object", args[1], args[0])
	}
	var got []string
	for k := range obj {
		got = append(got, k)
	}
	want := slices.Clone(args[2:])
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		ts.Fatalf("jsonkeys: %s of %s has keys %q, want %q", args[1], args[0], got, want)
	}
}

// cmdJSONLen asserts the length of a JSON list:
//
//	jsonlen stdout hooks 2
func cmdJSONLen(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: jsonlen FILE KEY N")
	}
	want, err := strconv.Atoi(args[2])
	if err != nil {
		ts.Fatalf("jsonlen: bad length %q", args[2])
	}
	v, ok := jsonAt(ts, args[0], args[1])
	list, isList := v.([]any)
	if !ok || !isList {
		ts.Fatalf("jsonlen: %s of %s is not a list", args[1], args[0])
	}
	if len(list) != want {
		ts.Fatalf("jsonlen: %s of %s has %d elements, want %d", args[1], args[0], len(list), want)
	}
}

// cmdPerm asserts a file's permission bits, written in octal:
//
//	perm $HOOKCTL_HOME/allowlist.json 0600
func cmdPerm(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 {
		ts.Fatalf("usage: perm FILE MODE")
	}
	want, err := strconv.ParseUint(args[1], 8, 32)
	if err != nil {
		ts.Fatalf("perm: bad mode %q", args[1])
	}
	fi, err := os.Stat(ts.MkAbs(args[0]))
	ts.Check(err)
	got := fi.Mode().Perm()
	if (got == os.FileMode(want)) == neg {
		ts.Fatalf("perm: %s has mode %04o, want %s%04o", args[0], got, map[bool]string{true: "not ", false: ""}[neg], want)
	}
}

// cmdSetenvJSON sets a variable to a string field of a JSON file, read as jsonfield reads it:
//
//	setenvjson HOOKCMD home/.claude/settings.json hooks.PreToolUse.0.hooks.0.command
func cmdSetenvJSON(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: setenvjson VAR FILE KEY")
	}
	v, ok := jsonAt(ts, args[1], args[2])
	s, isString := v.(string)
	if !ok || !isString {
		ts.Fatalf("setenvjson: %s has no string at %s", args[1], args[2])
	}
	ts.Setenv(args[0], s)
}
