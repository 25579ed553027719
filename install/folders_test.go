package install

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/internal/wintest"
)

// TestUninstallRemovesOnlyMadeFolders: uninstall removes the folders install made once they
// are empty, keeps one that was there before, and never removes through a link put where a
// made folder was.
func TestUninstallRemovesOnlyMadeFolders(t *testing.T) {
	want := []Want{{Event: "preToolUse", Timeout: 10, Deadline: 10}}
	tests := []struct {
		name   string
		before func(proj string)               // what is there before install
		after  func(t *testing.T, proj string) // what uninstall leaves
	}{
		{"all made", func(string) {}, func(t *testing.T, proj string) {
			mustNotExist(t, filepath.Join(proj, ".github"))
		}},
		{".github was there", func(proj string) { mkdir(t, filepath.Join(proj, ".github")) }, func(t *testing.T, proj string) {
			mustNotExist(t, filepath.Join(proj, ".github", "hooks"))
			if fi, err := os.Stat(filepath.Join(proj, ".github")); err != nil || !fi.IsDir() {
				t.Errorf(".github, there before install, is gone: %v", err)
			}
		}},
		{"both were there", func(proj string) { mkdir(t, filepath.Join(proj, ".github", "hooks")) }, func(t *testing.T, proj string) {
			if _, err := os.Stat(filepath.Join(proj, ".github", "hooks")); err != nil {
				t.Errorf(".github/hooks, there before install, is gone: %v", err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			proj := filepath.Join(dir, "proj")
			mkdir(t, proj)
			tt.before(proj)
			tg := projectTarget(t, "copilot", filepath.Join(proj, ".github", "hooks", "hookctl.json"))
			tg.Folders = FoldersPath(dir)
			if _, err := Install(tg, want, false); err != nil {
				t.Fatal(err)
			}
			if _, err := Uninstall(tg, false); err != nil {
				t.Fatal(err)
			}
			mustNotExist(t, tg.Path)
			tt.after(t, proj)
		})
	}

	t.Run("a link where a made folder was", func(t *testing.T) {
		dir := t.TempDir()
		proj, elsewhere := filepath.Join(dir, "proj"), filepath.Join(dir, "elsewhere")
		mkdir(t, proj)
		mkdir(t, elsewhere)
		tg := projectTarget(t, "copilot", filepath.Join(proj, ".github", "hooks", "hookctl.json"))
		tg.Folders = FoldersPath(dir)
		if _, err := Install(tg, want, false); err != nil {
			t.Fatal(err)
		}
		if err := os.RemoveAll(filepath.Join(proj, ".github")); err != nil {
			t.Fatal(err)
		}
		wintest.Symlink(t, elsewhere, filepath.Join(proj, ".github"))
		mkdir(t, filepath.Join(elsewhere, "hooks"))
		if tg.removeMade(filepath.Dir(tg.Path)) {
			t.Error("removed .github/hooks through the link")
		}
		if _, err := os.Stat(filepath.Join(elsewhere, "hooks")); err != nil {
			t.Errorf("the empty folder behind the link is gone: %v", err)
		}
		if _, err := os.Lstat(filepath.Join(proj, ".github")); err != nil {
			t.Errorf("the link put where .github was is gone: %v", err)
		}
		if _, err := os.Stat(elsewhere); err != nil {
			t.Errorf("the folder the link points to is gone: %v", err)
		}
	})
}

func mkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

func mustNotExist(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Lstat(path); !os.IsNotExist(err) {
		t.Errorf("%s is still there (%v)", path, err)
	}
}
