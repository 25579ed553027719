package audit

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func entryAt(t time.Time, event, decision, agent string) Entry {
	return Entry{Time: t, Event: event, Agent: agent, Decision: decision, Hooks: []Hook{{Command: "./a.sh", Status: "ok"}}}
}

func appendAll(t *testing.T, l *Log, es ...Entry) {
	t.Helper()
	for _, e := range es {
		if err := l.Append(e); err != nil {
			t.Fatal(err)
		}
	}
}

func readAll(t *testing.T, r *Reader) []Entry {
	t.Helper()
	var got []Entry
	if err := r.Read(func(e Entry) error { got = append(got, e); return nil }); err != nil {
		t.Fatal(err)
	}
	return got
}

func TestReadFilters(t *testing.T) {
	l := &Log{Path: filepath.Join(t.TempDir(), "audit.jsonl")}
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	appendAll(t, l,
		entryAt(t0, "pre_tool_call", "block", "hermes"),
		entryAt(t0.Add(time.Hour), "pre_tool_call", "allow", "claude-code"),
		entryAt(t0.Add(2*time.Hour), "pre_llm_call", "allow", "hermes"),
		entryAt(t0.Add(3*time.Hour), "pre_tool_call", "allow", "hermes"),
	)
	tests := []struct {
		name string
		f    Filter
		want []int // hours after t0
	}{
		{"all", Filter{}, []int{0, 1, 2, 3}},
		{"since", Filter{Since: t0.Add(90 * time.Minute)}, []int{2, 3}},
		{"event", Filter{Event: "pre_tool_call"}, []int{0, 1, 3}},
		{"decision", Filter{Decision: "block"}, []int{0}},
		{"agent", Filter{Agent: "hermes"}, []int{0, 2, 3}},
		{"combined", Filter{Event: "pre_tool_call", Decision: "allow", Agent: "hermes"}, []int{3}},
		{"none", Filter{Agent: "cursor"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := readAll(t, &Reader{Log: l, Filter: tt.f})
			var hours []int
			for _, e := range got {
				hours = append(hours, int(e.Time.Sub(t0).Hours()))
			}
			if len(hours) != len(tt.want) || !equalInts(hours, tt.want) {
				t.Errorf("got hours %v, want %v", hours, tt.want)
			}
		})
	}
}

func equalInts(a, b []int) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

// Rotated files are read oldest first, and one last written before --since is not opened.
func TestReadAcrossRotation(t *testing.T) {
	l := &Log{Path: filepath.Join(t.TempDir(), "audit.jsonl")}
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for i := 0; i < 4; i++ {
		appendAll(t, l, entryAt(t0.Add(time.Duration(i)*time.Hour), "pre_tool_call", "allow", "hermes"))
		if i < 3 {
			if err := os.Rename(l.rotated(2), l.rotated(3)); err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			if err := os.Rename(l.rotated(1), l.rotated(2)); err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			if err := os.Rename(l.Path, l.rotated(1)); err != nil {
				t.Fatal(err)
			}
		}
	}
	got := readAll(t, &Reader{Log: l})
	for i, e := range got {
		if !e.Time.Equal(t0.Add(time.Duration(i) * time.Hour)) {
			t.Fatalf("entry %d at %v: not oldest first", i, e.Time)
		}
	}
	if len(got) != 4 {
		t.Fatalf("read %d entries, want 4", len(got))
	}
	// PATH.3 and PATH.2 last changed long ago: they are skipped without being read.
	old := time.Now().Add(-48 * time.Hour)
	for _, n := range []int{2, 3} {
		if err := os.WriteFile(l.rotated(n), []byte("not json\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(l.rotated(n), old, old); err != nil {
			t.Fatal(err)
		}
	}
	var warnings []string
	got = readAll(t, &Reader{Log: l, Filter: Filter{Since: time.Now().Add(-24 * time.Hour)}, Warn: func(s string) { warnings = append(warnings, s) }})
	if len(warnings) != 0 {
		t.Errorf("old rotated files were read: %v", warnings)
	}
	_ = got
}

// Torn, corrupt and foreign lines are skipped with a warning naming file and line.
func TestReadSkipsBadLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	good := entryAt(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), "pre_tool_call", "allow", "hermes")
	line := string(good.AppendJSON(nil))
	content := line + "\n" + line[:40] + "\n" + "\x00\x01garbage\n" + `{"time":"yesterday","event":"x"}` + "\n" +
		`[1,2]` + "\n\n" + `{"event":"pre_tool_call"}` + "\n" + line + "\n" + line[:30]
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	var warnings []string
	got := readAll(t, &Reader{Log: &Log{Path: path}, Warn: func(s string) { warnings = append(warnings, s) }})
	if len(got) != 2 {
		t.Errorf("read %d entries, want the 2 good ones", len(got))
	}
	if len(warnings) != 6 {
		t.Fatalf("%d warnings, want 6: %q", len(warnings), warnings)
	}
	if !strings.HasPrefix(warnings[0], path+":2: skipped: ") {
		t.Errorf("warning %q does not name file and line", warnings[0])
	}
}

// -f follows new lines, and across a rotation reads the rest of the old file, then the new one.
func TestFollowAcrossRotation(t *testing.T) {
	l := &Log{Path: filepath.Join(t.TempDir(), "audit.jsonl")}
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	at := func(i int) Entry {
		return entryAt(t0.Add(time.Duration(i)*time.Second), "pre_tool_call", "allow", "hermes")
	}
	appendAll(t, l, at(0))

	var mu sync.Mutex
	var got []int
	seen := func() int { mu.Lock(); defer mu.Unlock(); return len(got) }
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		r := &Reader{Log: l, Poll: 10 * time.Millisecond}
		done <- r.Follow(ctx, func(e Entry) error {
			mu.Lock()
			got = append(got, int(e.Time.Sub(t0).Seconds()))
			mu.Unlock()
			return nil
		})
	}()
	waitFor := func(n int) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second) // did not hang
		for seen() < n {
			if time.Now().After(deadline) {
				t.Fatalf("followed %d entries, want %d", seen(), n)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	waitFor(1)
	appendAll(t, l, at(1))
	waitFor(2)
	// A writer holding the old file appends after the rotation; then the new file fills.
	old, err := openAppend(l.Path) // as Append opens it: on Windows, shared for the rename
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(l.Path, l.rotated(1)); err != nil {
		t.Fatal(err)
	}
	e2 := at(2)
	if _, err := old.Write(append(e2.AppendJSON(nil), '\n')); err != nil {
		t.Fatal(err)
	}
	old.Close()
	appendAll(t, l, at(3), at(4))
	waitFor(5)
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if !equalInts(got, []int{0, 1, 2, 3, 4}) {
		t.Errorf("followed %v, want [0 1 2 3 4]", got)
	}
}

// A line being written is not read until its newline arrives.
func TestFollowWaitsForWholeLines(t *testing.T) {
	l := &Log{Path: filepath.Join(t.TempDir(), "audit.jsonl")}
	e := entryAt(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), "pre_tool_call", "allow", "hermes")
	line := append(e.AppendJSON(nil), '\n')
	if err := os.WriteFile(l.Path, line[:20], 0o600); err != nil {
		t.Fatal(err)
	}
	var warnings []string
	var n int
	r := &Reader{Log: l, Warn: func(s string) { warnings = append(warnings, s) }}
	tl := &tail{r: r, fn: func(Entry) error { n++; return nil }}
	defer tl.close()
	if err := tl.step(); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(l.Path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(line[20:])
	f.Close()
	if err := tl.step(); err != nil {
		t.Fatal(err)
	}
	if n != 1 || len(warnings) != 0 {
		t.Errorf("entries %d, warnings %q; want the one line, whole", n, warnings)
	}
}

// TestReadMergesTheOpenLog: the entries of the log behind the wall (Log.Open) come in time
// order with the home's, across both logs' rotated files, and a filter applies to both.
func TestReadMergesTheOpenLog(t *testing.T) {
	dir := t.TempDir()
	home := &Log{Path: filepath.Join(dir, "audit.jsonl"), MaxSize: 400, Keep: 10}
	open := &Log{Path: filepath.Join(dir, "log", "audit.jsonl"), MaxSize: 400, Keep: 10}
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for i := range 8 {
		l := home
		if i%3 == 1 {
			l = open
		}
		appendAll(t, l, entryAt(t0.Add(time.Duration(i)*time.Minute), "pre_tool_call", "allow", []string{"a", "b"}[i%2]))
	}
	if _, err := os.Stat(home.rotated(1)); err != nil {
		t.Fatalf("the test wants a rotated file: %v", err)
	}
	r := &Reader{Log: &Log{Path: home.Path, Open: open.Path, MaxSize: 400, Keep: 10}}
	got := readAll(t, r)
	if len(got) != 8 {
		t.Fatalf("read %d entries, want 8", len(got))
	}
	for i, e := range got {
		if want := t0.Add(time.Duration(i) * time.Minute); !e.Time.Equal(want) {
			t.Errorf("entry %d at %v, want %v", i, e.Time, want)
		}
	}
	r.Filter.Agent = "b"
	if got := readAll(t, r); len(got) != 4 {
		t.Errorf("filtered: %d entries, want 4", len(got))
	}
	stop := errors.New("stop")
	n := 0
	err := r.Read(func(Entry) error { n++; return stop })
	if !errors.Is(err, stop) || n != 1 {
		t.Errorf("an error from fn: %v after %d entries, want it after 1", err, n)
	}
}
