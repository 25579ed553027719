package wall

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
	"testing"
)

// grantedBy is what the walk grants as os.ReadDir lists it, decide ruling on each entry: the
// walk reads the kernel's listing in place and rules once for the entries no row names, and
// must grant exactly these paths.
func grantedBy(rows []Row, dir string, out *[]string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		switch decide(rows, p) {
		case grant:
			if e.Type()&os.ModeSymlink == 0 {
				*out = append(*out, p)
			}
		case descend:
			grantedBy(rows, p, out)
		}
	}
}

// TestWalkGrantsWhatDecideSays: in a tree with folders, files, links, a fifo, a walled tree
// with an open path below it, a walled file and a walled path that does not exist, the rules
// the walk adds are on exactly the entries decide grants, each once.
func TestWalkGrantsWhatDecideSays(t *testing.T) {
	needLandlock(t, 1)
	root := t.TempDir()
	for _, d := range []string{"home/.agent-hooks/projects", "home/.claude", "home/src/a/b", "home/dir1", "bin", "other"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"home/.agent-hooks/allowlist.json", "home/.agent-hooks/audit.log", "home/.claude/settings.json", "home/.claude/other.json", "home/file1", "bin/hookctl", "other/x"} {
		if err := os.WriteFile(filepath.Join(root, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{"home/linkdir": "src", "home/linkfile": "file1", "home/dangling": "nowhere", "home/.claude/settings.link": "settings.json"} {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(root, "home/fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	set := Set{
		Trees: []string{filepath.Join(root, "home/.agent-hooks"), filepath.Join(root, "bin"), filepath.Join(root, "home/missing/deep")},
		Files: []string{filepath.Join(root, "home/.claude/settings.json"), filepath.Join(root, "home/linkfile")},
		Open:  []string{filepath.Join(root, "home/.agent-hooks/audit.log")},
	}
	rows := Table(set)
	w, err := ruleset(rows, configAt(Detect(0).ABI))
	if err != nil {
		t.Fatal(err)
	}
	defer w.close()
	var got, want []string
	for _, fd := range w.fds[1:] {
		p, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(fd))
		if err != nil {
			t.Fatal(err)
		}
		if within(p, root) {
			got = append(got, p)
		}
	}
	grantedBy(rows, "/", &want)
	want = slices.DeleteFunc(want, func(p string) bool { return !within(p, root) })
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("the walk granted\n%q\nwant\n%q", got, want)
	}
	if len(want) < 6 {
		t.Errorf("only %d grants under the tree: %q", len(want), want)
	}
}
