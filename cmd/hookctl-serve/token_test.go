package main

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
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
	if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 { // Windows: TestTokenFileAccessList
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

// TestLooseTokenFileRefused: a token file group or others can read or write is refused at start,
// naming the file and the fix; one of mode 0600 or 0400 is served with.
func TestLooseTokenFileRefused(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("os.Chmod sets only the read-only flag on Windows: TestTokenFileAccessList refuses by access list")
	}
	for _, mode := range []os.FileMode{0o644, 0o640, 0o604, 0o620, 0o602, 0o660, 0o666} {
		dir := t.TempDir()
		tokenFile := filepath.Join(dir, "token")
		if err := os.WriteFile(tokenFile, []byte("s3cret\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(tokenFile, mode); err != nil {
			t.Fatal(err)
		}
		var stderr strings.Builder
		env := func(k string) (string, bool) {
			if k == "HOOKCTL_HOME" {
				return dir, true
			}
			return "", false
		}
		exit := make(chan int, 1)
		go func() { exit <- serve([]string{"--listen", "127.0.0.1:0", "--token-file", tokenFile}, &stderr, env) }()
		var code int
		select {
		case code = <-exit:
		case <-time.After(10 * time.Second):
			t.Fatalf("mode %04o: the token file was served with", mode)
		}
		if code != 1 {
			t.Errorf("mode %04o: exit %d, want 1 (%s)", mode, code, stderr.String())
		}
		if want := "chmod 600 " + tokenFile; !strings.Contains(stderr.String(), want) || !strings.Contains(stderr.String(), "group or others") {
			t.Errorf("mode %04o: the error does not name the file and the fix %q: %s", mode, want, stderr.String())
		}
	}
	for _, mode := range []os.FileMode{0o600, 0o400} {
		tokenFile := filepath.Join(t.TempDir(), "token")
		if err := os.WriteFile(tokenFile, []byte("s3cret\n"), mode); err != nil {
			t.Fatal(err)
		}
		if data, err := readToken(tokenFile); err != nil || string(data) != "s3cret\n" {
			t.Errorf("mode %04o: %q %v", mode, data, err)
		}
	}
}
