package consent

import (
	"os"
	"path/filepath"
	"testing"
)

// While a script is held, nothing can write it, delete it, rename it away or rename another
// file over it; others can still read it (the hook's interpreter does). Once it is closed,
// all of that works again.
func TestOpenScriptHoldsTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "guard.cmd")
	if err := os.WriteFile(path, []byte("@echo approved\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "evil.cmd")
	if err := os.WriteFile(other, []byte("@echo evil\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := OpenScript(path)
	if err != nil {
		t.Fatal(err)
	}
	attacks := map[string]func() error{
		"write":          func() error { return os.WriteFile(path, []byte("@echo evil\r\n"), 0o644) },
		"delete":         func() error { return os.Remove(path) },
		"rename away":    func() error { return os.Rename(path, filepath.Join(dir, "moved.cmd")) },
		"rename over it": func() error { return os.Rename(other, path) },
	}
	for name, attack := range attacks {
		if err := attack(); err == nil {
			t.Errorf("%s succeeded while the script was held", name)
		}
	}
	if data, err := os.ReadFile(path); err != nil || string(data) != "@echo approved\r\n" {
		t.Errorf("reading the held script: %q, %v", data, err)
	}
	f.Close()
	if err := attacks["write"](); err != nil {
		t.Errorf("write after close: %v", err)
	}
}
