package safefile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestSamePath(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "allowlist.json")
	if err := os.WriteFile(file, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	// Wine 8's CreateSymbolicLink reports success and makes no link: the link must lead there.
	linked := os.Symlink(dir, link) == nil
	if _, err := os.Stat(filepath.Join(link, "allowlist.json")); err != nil {
		linked = false
	}
	tests := []struct {
		name string
		x, y string
		want bool
		link bool
	}{
		{"itself", file, file, true, false},
		{"unclean", file, filepath.Join(dir, ".", "sub", "..", "allowlist.json"), true, false},
		{"through a link to its folder", file, filepath.Join(link, "allowlist.json"), true, true},
		{"missing files, the same text", filepath.Join(dir, "gone"), filepath.Join(dir, "gone"), true, false},
		{"another file", file, filepath.Join(dir, "other.json"), false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.link && !linked {
				t.Skip("no symbolic links here")
			}
			if got := SamePath(tt.x, tt.y); got != tt.want {
				t.Errorf("SamePath(%q, %q) = %v, want %v", tt.x, tt.y, got, tt.want)
			}
		})
	}
}
