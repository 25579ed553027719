package install

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// TestConcurrentInstalls runs installs of the same entries at once on one file: whatever the
// interleaving, the file ends up valid, with one entry per event and the other keys kept, and
// the backup holds the file as it was before any of them.
func TestConcurrentInstalls(t *testing.T) {
	for round := 0; round < 10; round++ {
		path := filepath.Join(t.TempDir(), "settings.json")
		before := []byte("{\n  \"model\": \"opus\"\n}\n")
		if err := os.WriteFile(path, before, 0o644); err != nil {
			t.Fatal(err)
		}
		tg := target(t, "claude-code", path)
		want := []Want{{"PreToolUse", 10, 10}, {"Stop", 65, 65}}
		var wg sync.WaitGroup
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := Install(tg, want, false); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		data, _ := os.ReadFile(path)
		var v struct {
			Model string
			Hooks map[string][]json.RawMessage
		}
		if err := json.Unmarshal(data, &v); err != nil || v.Model != "opus" || len(v.Hooks["PreToolUse"]) != 1 || len(v.Hooks["Stop"]) != 1 {
			t.Fatalf("round %d: %v\n%s", round, err, data)
		}
		if b, _ := os.ReadFile(path + BackupSuffix); string(b) != string(before) {
			t.Fatalf("round %d: backup %q", round, b)
		}
		if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 && runtime.GOOS != "windows" { // a mode is Unix's
			t.Fatalf("mode %04o", fi.Mode().Perm())
		}
		ents, _ := os.ReadDir(filepath.Dir(path))
		if len(ents) != 2 {
			t.Fatalf("round %d: files left: %v", round, ents)
		}
	}
}
