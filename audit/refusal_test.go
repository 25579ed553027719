package audit

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/runner"
)

// TestRecordRefusal: a refusal lands once in the home's log and once in each other home's a
// wiring names, as a block of the agent with the reason.
func TestRecordRefusal(t *testing.T) {
	dir := t.TempDir()
	home, other := filepath.Join(dir, "home"), filepath.Join(dir, "other")
	moved := filepath.Join(dir, "moved.jsonl")
	env := func(k string) (string, bool) { return moved, k == "HOOKCTL_AUDIT" }
	tests := []struct {
		name  string
		first *Log
		also  []string
		files []string // the logs written, once each
	}{
		{"the home alone", ForHome(noEnv, home), nil, []string{filepath.Join(home, config.AuditFile)}},
		{"the same home named again", ForHome(noEnv, home), []string{home, home}, []string{filepath.Join(home, config.AuditFile)}},
		{"another home", ForHome(noEnv, home), []string{other}, []string{filepath.Join(home, config.AuditFile), filepath.Join(other, config.AuditFile)}},
		{"the log moved, the wiring's home kept", ForHome(env, home), []string{home}, []string{moved, filepath.Join(home, config.AuditFile)}},
		{"no home in use", nil, []string{other}, []string{filepath.Join(other, config.AuditFile)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.RemoveAll(home)
			os.RemoveAll(other)
			os.Remove(moved)
			for _, d := range []string{home, other} {
				if err := os.MkdirAll(d, 0o700); err != nil {
					t.Fatal(err)
				}
			}
			logs := RefusalLogs(tt.first, tt.also)
			if len(logs) != len(tt.files) {
				t.Fatalf("%d logs, want %v", len(logs), tt.files)
			}
			if errs := RecordRefusal(logs, "codex", "hooks approve refused", time.Now()); len(errs) > 0 {
				t.Fatal(errs)
			}
			for _, f := range tt.files {
				entries := readEntries(t, f)
				if len(entries) != 1 || entries[0].Event != ConsentRefused || entries[0].Agent != "codex" ||
					entries[0].Decision != runner.DecisionBlock || entries[0].Reason != "hooks approve refused" {
					t.Errorf("%s holds %+v, want the one refusal", f, entries)
				}
			}
		})
	}
}

// TestRecordRefusalUnwritable: a log that cannot be written is an error, and the others are
// written all the same.
func TestRecordRefusalUnwritable(t *testing.T) {
	dir := t.TempDir()
	blocked := filepath.Join(dir, "file")
	if err := os.WriteFile(blocked, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	ok := filepath.Join(dir, "ok")
	if err := os.MkdirAll(ok, 0o700); err != nil {
		t.Fatal(err)
	}
	errs := RecordRefusal(RefusalLogs(nil, []string{filepath.Join(blocked, "home"), ok}), "codex", "refused", time.Now())
	if len(errs) != 1 {
		t.Fatalf("errors %v, want one", errs)
	}
	if n := len(readEntries(t, filepath.Join(ok, config.AuditFile))); n != 1 {
		t.Fatalf("%d entries in the writable log, want 1", n)
	}
}

func noEnv(string) (string, bool) { return "", false }

func readEntries(t *testing.T, path string) []Entry {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []Entry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var e Entry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}
