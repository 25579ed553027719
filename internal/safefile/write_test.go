package safefile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFileReplacesSymlinkNotTarget(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	link := filepath.Join(dir, "link")
	if err := os.WriteFile(target, []byte("target"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(link, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(target); string(data) != "target" {
		t.Fatalf("wrote through the link: target is %q", data)
	}
}

func TestIsTemp(t *testing.T) {
	tests := map[string]bool{
		".allowlist.json.123.tmp": true,
		".allowlist.json..tmp":    false,
		".allowlist.json.1a.tmp":  false,
		"allowlist.json.123.tmp":  false,
		".other.json.123.tmp":     false,
	}
	for name, want := range tests {
		if got := IsTemp(name, "allowlist.json"); got != want {
			t.Errorf("IsTemp(%q) = %v, want %v", name, got, want)
		}
	}
	// What WriteFile leaves while it writes is what IsTemp recognises.
	dir := t.TempDir()
	f, err := os.CreateTemp(dir, ".x.json.*.tmp")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if !IsTemp(filepath.Base(f.Name()), "x.json") {
		t.Errorf("IsTemp does not recognise %s", f.Name())
	}
}
