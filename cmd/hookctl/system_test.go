package main

import (
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/systest"
)

// systemFolders are the folders of root the system scripts write: the system level's and the
// agents' administrator folders. In the test's mount namespace /etc is an overlay, so these
// are the test's own.
var systemFolders = []string{config.SystemDir, "/etc/claude-code", "/etc/codex", "/etc/github-copilot",
	"/etc/gemini-cli", "/etc/cursor", "/etc/windsurf", "/etc/factory"}

// TestSystemScript runs the scripts of testdata/system, which install, approve and check the
// system level, as root in a private mount namespace (systest), one at a time: they share
// /etc/agent-hooks and the agents' administrator files. hookctl runs there from a root-owned
// folder (systest.Root/bin), as a system wiring requires.
func TestSystemScript(t *testing.T) {
	if !systest.Enter(t) {
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(systest.Root, "bin", "hookctl")
	if err := copyFile(exe, bin, 0o755); err != nil {
		t.Fatal(err)
	}
	var one sync.Mutex
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("..", "..", "testdata", "system"),
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(env *testscript.Env) error {
			one.Lock()
			env.Defer(one.Unlock)
			for _, dir := range systemFolders {
				if err := os.RemoveAll(dir); err != nil {
					return err
				}
			}
			if err := setupScript(env); err != nil {
				return err
			}
			env.Setenv("PATH", filepath.Dir(bin)+string(os.PathListSeparator)+env.Getenv("PATH"))
			env.Setenv("HOOKCTL", bin)
			env.Setenv("SYSTEM", config.SystemDir)
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exits":     cmdExits,
			"jsonfield": cmdJSONField,
			"perm":      cmdPerm,
		},
	})
}

func copyFile(from, to string, mode os.FileMode) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
