package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
)

// A person saves config.yaml while import is editing it: import reads the file, reads the
// agent's settings, and writes its edit; an edit of the person's in between must not be lost
// under import's. The person's save is made from within import, at its first lookup of a
// variable the config uses, which happens between the read and the write.
func TestImportKeepsAConcurrentEdit(t *testing.T) {
	home := t.TempDir()
	cfgPath := filepath.Join(home, "config.yaml")
	if err := os.WriteFile(cfgPath, []byte("hooks:\n  pre_tool_call:\n    - command: ./a.sh $TRIGGER\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	settings := filepath.Join(home, ".claude", "settings.json")
	if err := os.MkdirAll(filepath.Dir(settings), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(settings, []byte(`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"/opt/stop.sh"}]}]}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	const edit = "# saved by the person meanwhile\n"
	saved := false
	env := map[string]string{"HOOKCTL_HOME": home, config.HomeVar: home, "PATH": os.Getenv("PATH")}
	lookup := func(k string) (string, bool) {
		if k == "TRIGGER" && !saved {
			saved = true
			data, _ := os.ReadFile(cfgPath)
			if err := os.WriteFile(cfgPath+".new", append(data, edit...), 0o600); err != nil {
				t.Error(err)
			}
			if err := os.Rename(cfgPath+".new", cfgPath); err != nil {
				t.Error(err)
			}
		}
		v, ok := env[k]
		return v, ok
	}
	var out, errOut bytes.Buffer
	code := newApp(bytes.NewReader(nil), &out, &errOut, lookup).execute([]string{"import", "claude-code"})
	if !saved {
		t.Fatal("the config was not edited during the import: the test proves nothing")
	}
	data, _ := os.ReadFile(cfgPath)
	if !strings.Contains(string(data), edit) {
		t.Errorf("the person's edit was lost (exit %d, %s):\n%s", code, errOut.String(), data)
	}
	if code != 0 || !strings.Contains(string(data), "/opt/stop.sh") {
		t.Errorf("exit %d (%s), the imported hook missing:\n%s", code, errOut.String(), data)
	}
}
