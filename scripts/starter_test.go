package scripts

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestInstall: every starter file is written into a new home, scripts executable; a second
// run, or a file already there, keeps what is there.
func TestInstall(t *testing.T) {
	entries, err := fs.ReadDir(Examples, "examples")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		before  map[string]string // files already in the home
		created int
	}{
		{"a new home", nil, len(entries)},
		{"the config there", map[string]string{"config.yaml": "mine\n"}, len(entries) - 1},
		{"everything there", everything(entries), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := filepath.Join(t.TempDir(), "home")
			if tt.before != nil {
				if err := os.MkdirAll(home, 0o700); err != nil {
					t.Fatal(err)
				}
				for name, text := range tt.before {
					if err := os.WriteFile(filepath.Join(home, name), []byte(text), 0o600); err != nil {
						t.Fatal(err)
					}
				}
			}
			files, err := Install(home)
			if err != nil {
				t.Fatal(err)
			}
			created := 0
			for _, f := range files {
				data, err := os.ReadFile(f.Path)
				if err != nil {
					t.Fatal(err)
				}
				if text, ok := tt.before[filepath.Base(f.Path)]; ok {
					if f.Created || string(data) != text {
						t.Errorf("%s: created %v, holds %q: want it left as it was", f.Path, f.Created, data)
					}
					continue
				}
				if !f.Created {
					t.Errorf("%s not created", f.Path)
				}
				created++
				fi, err := os.Stat(f.Path)
				if err != nil {
					t.Fatal(err)
				}
				if exec := fi.Mode()&0o100 != 0; runtime.GOOS != "windows" && exec != (filepath.Ext(f.Path) == ".sh") {
					t.Errorf("%s: mode %v", f.Path, fi.Mode())
				}
			}
			if created != tt.created || len(files) != len(entries) {
				t.Fatalf("%d of %d files created, want %d of %d", created, len(files), tt.created, len(entries))
			}
		})
	}
}

func everything(entries []fs.DirEntry) map[string]string {
	m := map[string]string{}
	for _, e := range entries {
		m[e.Name()] = "kept " + e.Name()
	}
	return m
}

// TestInstallUnwritable: a home that cannot be made is an error naming it.
func TestInstallUnwritable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Install(filepath.Join(file, "home")); err == nil {
		t.Fatal("a home under a file was made")
	}
}
