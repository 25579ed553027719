package install

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/internal/wintest"
)

// TestBrokenFilesUntouched runs install and uninstall on each file of testdata/broken: each
// must fail with an error naming the file (and the line, for a syntax error), as in
// testdata/broken/errors.golden, and leave the file and its folder exactly as they were.
func TestBrokenFilesUntouched(t *testing.T) {
	files, _ := filepath.Glob("testdata/broken/*.json")
	var got bytes.Buffer
	for _, file := range files {
		base := filepath.Base(file)
		data, _ := os.ReadFile(file)
		dir := t.TempDir()
		path := filepath.Join(dir, "settings.json")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		name := "claude-code"
		if strings.HasPrefix(base, "cursor") {
			name = "cursor"
		}
		tg := target(t, name, path)
		for _, op := range []string{"install", "uninstall"} {
			var err error
			if op == "install" {
				_, err = Install(tg, []Want{{"PreToolUse", 10, 10}}, false)
			} else {
				_, err = Uninstall(tg, false)
			}
			if err == nil {
				t.Errorf("%s %s: no error", op, base)
				continue
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("%s %s: the error does not name the file: %v", op, base, err)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("%s %s: the error prints a line of the file's own: %q", op, base, err)
			}
			if op == "install" {
				got.WriteString(base + ": " + strings.ReplaceAll(err.Error(), path, "FILE") + "\n")
			}
		}
		if now, _ := os.ReadFile(path); !bytes.Equal(now, data) {
			t.Errorf("%s changed", base)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 1 {
			t.Errorf("%s: files left beside it: %v", base, ents)
		}
	}
	compareGolden(t, "testdata/broken/errors.golden", got.Bytes())
}

func TestSymlinkRefused(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles.json")
	link := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(real, []byte("{}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	wintest.Symlink(t, real, link)
	_, err := Install(target(t, "claude-code", link), []Want{{"PreToolUse", 10, 10}}, false)
	if err == nil || !strings.Contains(err.Error(), "symbolic link to "+real) {
		t.Fatalf("error %v, want one naming the link's target", err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
	if data, _ := os.ReadFile(real); string(data) != "{}\n" {
		t.Errorf("the target changed: %s", data)
	}
}

func TestUnwritableFolderChangesNothing(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a folder's mode does not stop writes on Windows")
	}
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only folders")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(path, []byte("{}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o700)
	_, err := Install(target(t, "claude-code", path), []Want{{"PreToolUse", 10, 10}}, false)
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("error %v, want one naming the file", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("files left: %v", ents)
	}
}

// compareGolden compares got with the golden file, or, with -update, writes it.
func compareGolden(t *testing.T, file string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v: run go test -update", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n%s", file, got)
	}
}
