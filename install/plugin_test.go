package install

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
)

// TestPluginInstall: install writes hookctl's plugin into the plugin folder, a second install
// keeps it, a broken copy is written again, uninstall leaves the folder as it was; a person's
// own file of that name is never written over or removed.
func TestPluginInstall(t *testing.T) {
	want := []Want{{Event: "tool.execute.before", Timeout: 10, Deadline: 10}, {Event: "tool.execute.after", Timeout: 35, Deadline: 35}}
	for _, name := range []string{"opencode", "kilo", "pi"} {
		t.Run(name, func(t *testing.T) {
			d, err := agent.Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			w := want
			if name == "pi" {
				w = []Want{{Event: "tool_call", Timeout: 10, Deadline: 10}}
			}
			home := t.TempDir()
			dir := filepath.Join(home, "plugins")
			tg := TargetFor(d, dir, testBin, RunFlags{})
			tg.Folders = FoldersPath(home)
			r, err := Install(tg, w, false)
			if err != nil || !r.Created || len(r.Added) != len(w) {
				t.Fatalf("install: %+v, %v", r, err)
			}
			path := filepath.Join(dir, agent.PluginFile)
			data, err := os.ReadFile(path)
			if err != nil || !agent.PluginIntact(name, data) {
				t.Fatalf("the plugin is not intact (%v):\n%s", err, data)
			}
			if !bytes.Contains(data, []byte(`"argv":["`+testBin+`","run","--agent","`+name+`"`)) {
				t.Errorf("the plugin does not run %s with an argument vector:\n%s", testBin, data)
			}
			if r, err := Install(tg, w, false); err != nil || r.Changed || len(r.Kept) != len(w) {
				t.Errorf("a second install: %+v, %v", r, err)
			}
			if err := os.WriteFile(path, append(data, "export const broken = (;\n"...), 0o644); err != nil {
				t.Fatal(err)
			}
			if ws, err := scanPlugin(d, "user", dir, "hookctl"); err == nil || !strings.Contains(err.Error(), path) || len(ws) != len(w) {
				t.Errorf("scan of the broken plugin: %v, %v; want its wiring and an error naming it", ws, err)
			}
			if r, err := Install(tg, w, false); err != nil || !r.Changed || len(r.Updated) != len(w) {
				t.Errorf("install over the broken plugin: %+v, %v", r, err)
			}
			if got, _ := os.ReadFile(path); !bytes.Equal(got, data) {
				t.Errorf("install did not write the plugin again")
			}
			if r, err := Uninstall(tg, false); err != nil || !r.Deleted || len(r.Removed) != len(w) {
				t.Errorf("uninstall: %+v, %v", r, err)
			}
			if _, err := os.Stat(dir); !os.IsNotExist(err) {
				t.Errorf("uninstall left the folder it made: %v", err)
			}
		})
	}
}

// TestPluginPersonsFile: a file named as hookctl's plugin that hookctl did not write is kept
// byte for byte by install and uninstall, each refusing with the reason.
func TestPluginPersonsFile(t *testing.T) {
	d, _ := agent.Lookup("opencode")
	dir := t.TempDir()
	path := filepath.Join(dir, agent.PluginFile)
	mine := "export const Mine = async () => ({});\n"
	if err := os.WriteFile(path, []byte(mine), 0o644); err != nil {
		t.Fatal(err)
	}
	tg := TargetFor(d, dir, testBin, RunFlags{})
	if _, err := Install(tg, []Want{{Event: "tool.execute.before", Deadline: 10}}, false); err == nil || !strings.Contains(err.Error(), "not hookctl's") {
		t.Errorf("install over a person's file: %v", err)
	}
	if _, err := Uninstall(tg, false); err == nil {
		t.Errorf("uninstall of a person's file did not refuse")
	}
	if got, _ := os.ReadFile(path); string(got) != mine {
		t.Errorf("the person's file changed: %q", got)
	}
}

// TestOtherPlugins: doctor names each plugin beside hookctl's in a plugin folder.
func TestOtherPlugins(t *testing.T) {
	home := t.TempDir()
	dir := filepath.Join(home, ".config", "opencode", "plugin")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "other.ts"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	found := OtherPlugins(home, nil, nil)
	if len(found) != 1 || !strings.Contains(found[0].Message, filepath.Join(dir, "other.ts")) {
		t.Errorf("OtherPlugins = %+v, want other.ts named", found)
	}
}
