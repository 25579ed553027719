package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/hookctl/hookctl/agent"
)

// TestHookFileGolden: the file install writes for a Cline event, for a person and for a
// project, compared with testdata/hookfiles/cline.txtar (go test -update rewrites it); each
// names the install as it was made, and uninstall takes it away.
func TestHookFileGolden(t *testing.T) {
	const file = "testdata/hookfiles/cline.txtar"
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := []Want{{Event: "PreToolUse", Timeout: 10, Deadline: 10}}
	for _, scope := range []string{"user", "project"} {
		t.Run(scope, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "hooks")
			d, err := agent.Lookup("cline")
			if err != nil {
				t.Fatal(err)
			}
			tg := TargetFor(d, dir, testBin, RunFlags{})
			uninstall := "`hookctl uninstall cline` removes it"
			if scope == "project" {
				tg = projectTarget(t, "cline", dir)
				uninstall = "`hookctl uninstall cline --project` removes it"
			}
			if _, err := Install(tg, want, false); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(filepath.Join(dir, "PreToolUse"))
			if err != nil {
				t.Fatal(err)
			}
			set(t, ar, scope+"/PreToolUse", got)
			if !strings.Contains(string(got), uninstall) {
				t.Errorf("the file does not say %s:\n%s", uninstall, got)
			}
			r, err := Uninstall(tg, false)
			if err != nil || len(r.Removed) != 1 {
				t.Errorf("uninstall: %+v, %v", r, err)
			}
		})
	}
	if *update {
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestHookFileOlderProjectMarker: a project's hook file an older hookctl wrote, whose marker
// said `hookctl install cline` without --project, is still hookctl's: install rewrites it
// with the marker as installed, and uninstall removes it.
func TestHookFileOlderProjectMarker(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "hooks")
	tg := projectTarget(t, "cline", dir)
	want := []Want{{Event: "PreToolUse", Timeout: 10, Deadline: 10}}
	if _, err := Install(tg, want, false); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "PreToolUse")
	now, _ := os.ReadFile(path)
	old := strings.ReplaceAll(string(now), "cline --project`", "cline`")
	if old == string(now) {
		t.Fatalf("the project file has no --project in its marker:\n%s", now)
	}
	if err := os.WriteFile(path, []byte(old), 0o755); err != nil {
		t.Fatal(err)
	}
	r, err := Install(tg, want, false)
	if err != nil || len(r.Updated) != 1 {
		t.Errorf("install over the older file: %+v, %v", r, err)
	}
	if again, _ := os.ReadFile(path); string(again) != string(now) {
		t.Errorf("install left\n%s\nwant\n%s", again, now)
	}
	if err := os.WriteFile(path, []byte(old), 0o755); err != nil {
		t.Fatal(err)
	}
	if r, err := Uninstall(tg, false); err != nil || len(r.Removed) != 1 {
		t.Errorf("uninstall of the older file: %+v, %v", r, err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the older file is still there: %v", err)
	}
}
