package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

func TestNewTokenFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "token")
	if err := newTokenFile(path); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("token file mode %v, want 0600", fi.Mode().Perm())
	}
	data, _ := os.ReadFile(path)
	if !regexp.MustCompile(`^[0-9a-f]{64}\n$`).Match(data) {
		t.Errorf("token %q is not 32 random bytes in hex", data)
	}
	if err := newTokenFile(path); err == nil {
		t.Error("an existing token file was overwritten")
	}
}
