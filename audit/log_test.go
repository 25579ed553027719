package audit

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/hookctl/hookctl/internal/wintest"
	"github.com/hookctl/hookctl/runner"
)

// TestMain lets the test binary act as a separate hookctl process appending to a log, so that
// concurrency is tested across real processes, not goroutines sharing one file table.
func TestMain(m *testing.M) {
	if path := os.Getenv("AUDIT_TEST_APPEND"); path != "" {
		os.Exit(appendHelper(path))
	}
	os.Exit(m.Run())
}

// appendHelper appends AUDIT_TEST_LINES entries, each with AUDIT_TEST_HOOKS hooks whose messages
// are 4 KiB of a letter, to the log at path. The session_id is "PROC/SEQ", so a reader can
// check that every line arrived once, whole.
func appendHelper(path string) int {
	env := func(k string) int { n, _ := strconv.Atoi(os.Getenv(k)); return n }
	l := &Log{Path: path, MaxSize: int64(env("AUDIT_TEST_MAX")), Keep: env("AUDIT_TEST_KEEP")}
	proc := os.Getenv("AUDIT_TEST_PROC")
	for seq := 0; seq < env("AUDIT_TEST_LINES"); seq++ {
		if err := l.Append(testEntry(proc, seq, env("AUDIT_TEST_HOOKS"))); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	return 0
}

func testEntry(proc string, seq, hooks int) Entry {
	e := Entry{
		Time: time.Date(2026, 1, 2, 3, 4, 5, 6e6, time.UTC), Event: "pre_tool_call", Agent: "hermes",
		Tool: "terminal", SessionID: proc + "/" + strconv.Itoa(seq), Decision: "allow", DurationMS: 7,
	}
	for i := 0; i < hooks; i++ {
		letter := string(rune('a' + (seq+i)%26))
		e.Hooks = append(e.Hooks, Hook{Command: "./h.sh", Status: "ok", DurationMS: 1, Message: strings.Repeat(letter, maxText)})
	}
	return e
}

// checkLine parses a line written by appendHelper and checks that its messages are intact.
func checkLine(t *testing.T, name string, n int, line []byte) string {
	t.Helper()
	e, err := ParseLine(line)
	if err != nil {
		t.Fatalf("%s:%d: %v (%d bytes: %.80q...)", name, n, err, len(line), line)
	}
	_, seqText, _ := strings.Cut(e.SessionID, "/")
	seq, _ := strconv.Atoi(seqText)
	for i, h := range e.Hooks {
		want := strings.Repeat(string(rune('a'+(seq+i)%26)), maxText)
		if h.Message != want {
			t.Fatalf("%s:%d: hook %d's message is damaged", name, n, i)
		}
	}
	return e.SessionID
}

// runHelpers starts procs helper processes appending lines entries each and waits for them.
func runHelpers(t *testing.T, path string, procs, lines, hooks int, maxSize int64, keep int) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, procs)
	for p := 0; p < procs; p++ {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "AUDIT_TEST_APPEND="+path, "AUDIT_TEST_PROC=p"+strconv.Itoa(p),
			"AUDIT_TEST_LINES="+strconv.Itoa(lines), "AUDIT_TEST_HOOKS="+strconv.Itoa(hooks),
			"AUDIT_TEST_MAX="+strconv.FormatInt(maxSize, 10), "AUDIT_TEST_KEEP="+strconv.Itoa(keep))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := cmd.Wait(); err != nil {
				errs <- fmt.Errorf("helper: %v: %s", err, stderr.String())
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// readSessions reads every line of the files and returns how often each session id occurs.
func readSessions(t *testing.T, files ...string) map[string]int {
	t.Helper()
	seen := map[string]int{}
	for _, name := range files {
		f, err := os.Open(name)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 16<<20)
		n := 0
		for sc.Scan() {
			n++
			seen[checkLine(t, name, n, sc.Bytes())]++
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	return seen
}

func checkAllOnce(t *testing.T, seen map[string]int, procs, lines int) {
	t.Helper()
	for p := 0; p < procs; p++ {
		for s := 0; s < lines; s++ {
			id := fmt.Sprintf("p%d/%d", p, s)
			if seen[id] != 1 {
				t.Errorf("%s logged %d times, want 1", id, seen[id])
			}
		}
	}
	if len(seen) != procs*lines {
		t.Errorf("%d distinct entries, want %d", len(seen), procs*lines)
	}
}

// wineAppend is why the tests of appending processes skip under Wine: Wine 8 writes to a handle
// with FILE_APPEND_DATA at the size it reads first, not atomically at the end as Windows does,
// so lines of two processes overwrite each other there (seen: blank and lost lines).
const wineAppend = "Wine 8 appends at the file's size as it read it, not atomically at the end: concurrent processes' lines overwrite each other"

// Many processes appending lines of about 64 KiB at once: every line arrives whole, once.
func TestAppendConcurrentProcessesNeverInterleave(t *testing.T) {
	wintest.SkipUnderWine(t, wineAppend)
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	const procs, lines, hooks = 8, 25, 16
	runHelpers(t, path, procs, lines, hooks, 1<<40, 0)
	checkAllOnce(t, readSessions(t, path), procs, lines)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
		t.Errorf("log mode %v, want 0600", fi.Mode().Perm())
	}
}

// Many processes filling a small log at once: rotations happen under the lock, no line is lost
// or written twice, and no file grows far past the limit (a writer that opened the file just
// before a rotation may add its line to PATH.1).
func TestAppendConcurrentRotation(t *testing.T) {
	wintest.SkipUnderWine(t, wineAppend)
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	const procs, lines, hooks, maxSize, keep = 8, 40, 1, 64 << 10, 100
	runHelpers(t, path, procs, lines, hooks, maxSize, keep)
	files := []string{path}
	for n := 1; n <= keep; n++ {
		files = append(files, path+"."+strconv.Itoa(n))
	}
	checkAllOnce(t, readSessions(t, files...), procs, lines)
	rotations := 0
	for _, name := range files[1:] {
		fi, err := os.Stat(name)
		if os.IsNotExist(err) {
			break // rotated files are numbered without gaps
		}
		rotations++
		if slack := int64(procs * 5 << 10); fi.Size() > maxSize+slack {
			t.Errorf("%s is %d bytes, limit %d", name, fi.Size(), maxSize)
		}
		// A file is rotated only once full: two processes that both found it full rotate it
		// once, not once each (which would rotate away a fresh, nearly empty file).
		if line := int64(5 << 10); fi.Size() < maxSize-line {
			t.Errorf("%s was rotated at %d bytes, before it was full (%d)", name, fi.Size(), maxSize)
		}
	}
	if rotations < 3 {
		t.Errorf("%d rotations, want several", rotations)
	}
}

// Rotation keeps Keep old files, newest in PATH.1, and drops the oldest.
func TestAppendRotationKeepsThree(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	first := testEntry("p", 0, 0)
	one := append(first.AppendJSON(nil), '\n')
	l := &Log{Path: path, MaxSize: int64(len(one))} // one entry per file
	for seq := 0; seq < 6; seq++ {
		if err := l.Append(testEntry("p", seq, 0)); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]string{path: "p/5", path + ".1": "p/4", path + ".2": "p/3", path + ".3": "p/2"}
	for name, id := range want {
		seen := readSessions(t, name)
		if len(seen) != 1 || seen[id] != 1 {
			t.Errorf("%s holds %v, want %s", filepath.Base(name), seen, id)
		}
	}
	if _, err := os.Stat(path + ".4"); !os.IsNotExist(err) {
		t.Errorf("a fourth old file exists (%v)", err)
	}
}

// A log that cannot be written is an error for the caller to report; nothing panics or hangs.
func TestAppendUnwritable(t *testing.T) {
	dir := t.TempDir()
	notDir := filepath.Join(dir, "file")
	if err := os.WriteFile(notDir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	l := &Log{Path: filepath.Join(notDir, "audit.jsonl")}
	if err := l.Append(testEntry("p", 0, 1)); err == nil || !strings.Contains(err.Error(), "audit log") {
		t.Fatalf("Append = %v, want an error naming the audit log", err)
	}
}

// A missing folder is created 0700 and the file 0600 (on Windows: their access lists,
// TestAppendCreatesPrivateFilesWindows).
func TestAppendCreatesPrivateFiles(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows has no modes: TestAppendCreatesPrivateFilesWindows checks the access lists")
	}
	path := filepath.Join(t.TempDir(), "home", "audit.jsonl")
	if err := (&Log{Path: path}).Append(testEntry("p", 0, 1)); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]os.FileMode{path: 0o600, filepath.Dir(path): 0o700} {
		fi, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != want {
			t.Errorf("%s mode %v, want %v", name, fi.Mode().Perm(), want)
		}
	}
}

func TestFromResult(t *testing.T) {
	code := 2
	res := &runner.Result{Event: "pre_tool_call", Decision: "block", Reason: strings.Repeat("é", maxText),
		Hooks: []runner.HookResult{
			{Command: "./skip.sh", Status: runner.StatusNoMatch, Message: "matcher"},
			{Command: "./block.sh", Status: runner.StatusBlocked, ExitCode: &code, DurationMS: 3, Message: "no", ScriptSHA256: "abc"},
			{Command: "./new.sh", Status: runner.StatusSkippedUnapproved},
			{Command: "http://127.0.0.1:1/h", URL: "http://127.0.0.1:1/h", Status: runner.StatusFailed},
		}}
	start := time.Now().Add(-50 * time.Millisecond)
	e, ok := FromResult(res, Dispatch{Agent: "hermes", Tool: "terminal", SessionID: "s", Start: start})
	if !ok {
		t.Fatal("a dispatch that blocked is not logged")
	}
	if len(e.Hooks) != 3 || e.Hooks[0].Command != "./block.sh" || e.Hooks[0].ScriptSHA256 != "abc" || *e.Hooks[0].ExitCode != 2 {
		t.Errorf("hooks = %+v", e.Hooks)
	}
	if url := e.Hooks[2]; url.URL != "http://127.0.0.1:1/h" || url.Command != "" {
		t.Errorf("url hook logged as %+v, want by its url alone", url)
	}
	if e.DurationMS < 50 || e.Time.Location() != time.UTC || e.Agent != "hermes" || e.Tool != "terminal" {
		t.Errorf("entry = %+v", e)
	}
	if len(e.Reason) > maxText+len("…") || !strings.HasSuffix(e.Reason, "…") || !utf8Valid(e.Reason) {
		t.Errorf("long reason not clipped on a character boundary: %d bytes", len(e.Reason))
	}
	onlyNoMatch := &runner.Result{Event: "pre_tool_call", Decision: "allow", Hooks: res.Hooks[:1]}
	if _, ok := FromResult(onlyNoMatch, Dispatch{Start: start}); ok {
		t.Error("a dispatch where no hook matched is logged")
	}
}

func utf8Valid(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

// The line has exactly the documented keys, command or url, and parses back to the entry.
func TestEntryJSONShape(t *testing.T) {
	code := 0
	e := testEntry("p", 1, 0)
	e.Hooks = []Hook{{Command: "./a.sh", Status: "ok", ExitCode: &code}, {URL: "http://127.0.0.1/h", Status: "failed"}}
	line := e.AppendJSON(nil)
	want := `{"time":"2026-01-02T03:04:05.006Z","event":"pre_tool_call","agent":"hermes","tool":"terminal","session_id":"p/1","decision":"allow","reason":"","duration_ms":7,"hooks":[` +
		`{"command":"./a.sh","status":"ok","exit_code":0,"duration_ms":0,"script_sha256":"","message":""},` +
		`{"url":"http://127.0.0.1/h","status":"failed","exit_code":null,"duration_ms":0,"script_sha256":"","message":""}]}`
	if string(line) != want {
		t.Fatalf("line:\n%s\nwant:\n%s", line, want)
	}
	back, err := ParseLine(line)
	if err != nil {
		t.Fatal(err)
	}
	if got := back.AppendJSON(nil); !bytes.Equal(got, line) {
		t.Errorf("round trip:\n%s", got)
	}
}

// TestRecord: a dispatch is appended with its tool name on a tool event only, and a dispatch
// with nothing to log writes nothing.
func TestRecord(t *testing.T) {
	l := Log{Path: filepath.Join(t.TempDir(), "audit.jsonl")}
	tool := "terminal"
	ran := []runner.HookResult{{Command: "./a.sh", Status: runner.StatusOK}}
	if err := l.Record(&runner.Result{Event: "pre_tool_call", Hooks: []runner.HookResult{{Status: runner.StatusNoMatch}}}, Dispatch{Start: time.Now()}, &tool); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(l.Path); !os.IsNotExist(err) {
		t.Fatalf("a dispatch with nothing to log wrote the log: %v", err)
	}
	for _, event := range []string{"pre_tool_call", "pre_llm_call"} {
		if err := l.Record(&runner.Result{Event: event, Hooks: ran}, Dispatch{Start: time.Now()}, &tool); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(l.Path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 2 {
		t.Fatalf("log has %d lines, want 2:\n%s", len(lines), data)
	}
	for i, wantTool := range []string{"terminal", ""} {
		e, err := ParseLine([]byte(lines[i]))
		if err != nil {
			t.Fatal(err)
		}
		if e.Tool != wantTool {
			t.Errorf("%s logged tool %q, want %q", e.Event, e.Tool, wantTool)
		}
	}
}

// TestRecordClipsEveryField is the attack of a payload or hook that writes megabytes into one
// entry: a 9 MiB tool name, session id, reason, message and command must not make a line that
// rotates the earlier entries away, and every field keeps its first maxText bytes.
func TestRecordClipsEveryField(t *testing.T) {
	l := Log{Path: filepath.Join(t.TempDir(), "audit.jsonl")}
	before := &runner.Result{Event: "pre_tool_call", Decision: "allow", Hooks: []runner.HookResult{{Command: "./a.sh", Status: runner.StatusOK}}}
	if err := l.Record(before, Dispatch{SessionID: "earlier", Start: time.Now()}, nil); err != nil {
		t.Fatal(err)
	}
	huge := strings.Repeat("x", 9<<20)
	attack := &runner.Result{Event: "pre_tool_call", Decision: "block", Reason: huge, Hooks: []runner.HookResult{
		{Command: huge, Status: runner.StatusBlocked, Message: huge},
		{URL: huge, Status: runner.StatusFailed, Message: huge},
	}}
	if err := l.Record(attack, Dispatch{Agent: "hermes", SessionID: huge, Start: time.Now()}, &huge); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(l.Path + ".1"); err == nil {
		t.Fatal("one entry rotated the log")
	}
	data, err := os.ReadFile(l.Path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"session_id":"earlier"`) {
		t.Fatalf("log has %d lines; the earlier entry must stay first", len(lines))
	}
	if n := len(lines[1]); n > 8*(maxText+16)+1024 {
		t.Errorf("the attack's line is %d bytes, want each field clipped to %d", n, maxText)
	}
	e, err := ParseLine([]byte(lines[1]))
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]string{"tool": e.Tool, "session_id": e.SessionID, "reason": e.Reason,
		"command": e.Hooks[0].Command, "message": e.Hooks[0].Message, "url": e.Hooks[1].URL} {
		if !strings.HasPrefix(v, strings.Repeat("x", maxText)) || len(v) > maxText+len("…") {
			t.Errorf("%s: %d bytes, want the first %d and a mark", name, len(v), maxText)
		}
	}
}

// TestFromResultToolCommand: a blocked call's entry keeps the command its tool would have run,
// read in the agent's own keys and clipped to MaxToolCommand characters; any other decision,
// and a tool with no command, keep none.
func TestFromResultToolCommand(t *testing.T) {
	long := "rm -rf /tmp/x " + strings.Repeat("é", 300)
	tests := []struct {
		name, agent, tool, input, decision, want string
	}{
		{"hookctl's keys", "hermes", "terminal", `{"command":"rm -rf /"}`, "block", "rm -rf /"},
		{"claude code", "claude-code", "Bash", `{"command":"rm -rf ~","description":"clean"}`, "block", "rm -rf ~"},
		{"codex argv", "codex", "Bash", `{"command":["bash","-lc","rm -rf /"]}`, "block", "rm -rf /"},
		{"an unknown caller speaks hookctl's keys", "sherma", "terminal", `{"command":"rm -rf /"}`, "block", "rm -rf /"},
		{"clipped", "hermes", "terminal", `{"command":"` + long + `"}`, "block", string([]rune(long)[:MaxToolCommand-1]) + "…"},
		{"allowed", "hermes", "terminal", `{"command":"ls"}`, "allow", ""},
		{"no command", "claude-code", "Write", `{"file_path":"/etc/passwd","content":"x"}`, "block", ""},
		{"not an object", "hermes", "terminal", `"rm -rf /"`, "block", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := &runner.Result{Event: "pre_tool_call", Decision: tt.decision,
				Hooks: []runner.HookResult{{Command: "./guard.sh", Status: runner.StatusBlocked}}}
			e, ok := FromResult(res, Dispatch{Agent: tt.agent, Tool: tt.tool, ToolInput: []byte(tt.input), Start: time.Now()})
			if !ok {
				t.Fatal("not logged")
			}
			if e.ToolCommand != tt.want {
				t.Errorf("tool_command = %q, want %q", e.ToolCommand, tt.want)
			}
			if n := utf8.RuneCountInString(e.ToolCommand); n > MaxToolCommand {
				t.Errorf("tool_command has %d characters", n)
			}
			back, err := ParseLine(e.AppendJSON(nil))
			if err != nil || back.ToolCommand != tt.want {
				t.Errorf("read back %q, %v", back.ToolCommand, err)
			}
			if tt.want == "" && strings.Contains(string(e.AppendJSON(nil)), "tool_command") {
				t.Error("an entry with no command writes the key")
			}
		})
	}
}
