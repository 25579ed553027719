package server

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// repo makes a repository (a .git folder) with a project config and a guard script that blocks
// rm -rf, and returns its root.
func repo(t *testing.T) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), "repo")
	for _, dir := range []string{".git", ".agent-hooks", "sub"} {
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{
		".agent-hooks/config.yaml": "hooks:\n  pre_tool_call:\n    - command: .agent-hooks/guard.sh\n      fail_closed: true\n",
		".agent-hooks/guard.sh":    "#!/bin/sh\nif grep -q 'rm -rf'; then echo 'project guard: no rm -rf' >&2; exit 2; fi\n",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(root, name), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// approveProject approves every hook of the project at root, as hooks approve --project does.
func approveProject(t *testing.T, loc config.Locations, root string) {
	t.Helper()
	layer, ok := config.LayerOf(config.Layers(config.Sources{Person: loc, ProjectFrom: root}), config.LayerProject)
	if !ok {
		t.Fatalf("no project at %s", root)
	}
	cfg, err := layer.Read()
	if err != nil || len(cfg.Problems) > 0 || len(cfg.Hooks) == 0 {
		t.Fatalf("project config: %v %v", err, cfg)
	}
	if _, err := consent.ApproveProject(loc.Home, root, cfg.Hooks); err != nil {
		t.Fatal(err)
	}
}

func toolCall(cwd, command string) string {
	params, _ := json.Marshal(map[string]any{"tool": "terminal", "cwd": cwd, "tool_input": map[string]string{"command": command}})
	return `{"jsonrpc":"2.0","method":"pre_tool_call","params":` + string(params) + `,"id":1}`
}

// TestServeProjectHooks: serve runs the hooks of the project the payload's cwd is in after the
// person's, as run does: none before the person approves them in that project (nor under
// hooks_auto_accept), each after; an edited project guard blocks; a call from outside the
// repository, or with no cwd, runs none of them.
func TestServeProjectHooks(t *testing.T) {
	loc := home(t, "hooks_auto_accept: true\nhooks:\n  pre_tool_call:\n    - command: ./ctx.sh\n", map[string]string{"ctx.sh": ctxHook})
	root := repo(t)
	sock, _ := serveUnix(t, loc, Options{})
	c := unixClient(sock)

	out := post2(t, c, toolCall(filepath.Join(root, "sub"), "rm -rf build"))
	if !strings.Contains(out, `"decision":"allow"`) || !strings.Contains(out, `"status":"skipped_unapproved"`) || !strings.Contains(out, "not approved in this project") {
		t.Fatalf("a fresh clone's guard ran, or the skip was not said: %s", out)
	}

	approveProject(t, loc, root)
	out = post2(t, c, toolCall(filepath.Join(root, "sub"), "rm -rf build"))
	if !strings.Contains(out, `"decision":"block"`) || !strings.Contains(out, "project guard: no rm -rf") || !strings.Contains(out, `"command":"./ctx.sh","status":"ok"`) {
		t.Errorf("approved: the person's hook and then the project's guard: %s", out)
	}
	if out := post2(t, c, toolCall(root, "ls")); !strings.Contains(out, `"decision":"allow"`) {
		t.Errorf("a call the guard lets through: %s", out)
	}
	for _, cwd := range []string{t.TempDir(), ""} {
		if out := post2(t, c, toolCall(cwd, "rm -rf build")); !strings.Contains(out, `"decision":"allow"`) || strings.Contains(out, "guard.sh") {
			t.Errorf("cwd %q, outside the repository: %s", cwd, out)
		}
	}

	if err := os.WriteFile(filepath.Join(root, ".agent-hooks/guard.sh"), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if out := post2(t, c, toolCall(root, "ls")); !strings.Contains(out, `"decision":"block"`) || !strings.Contains(out, "changed") {
		t.Errorf("an edited project guard: %s", out)
	}
}

// TestServeProjectAcceptHooks: --accept-hooks (a CI machine's server) runs a project's hooks
// without an approval, as run --accept-hooks does.
func TestServeProjectAcceptHooks(t *testing.T) {
	loc := home(t, "hooks:\n  pre_tool_call:\n    - command: ./ctx.sh\n", map[string]string{"ctx.sh": ctxHook})
	root := repo(t)
	sock, _ := serveUnix(t, loc, Options{Bypass: true})
	if out := post2(t, unixClient(sock), toolCall(root, "rm -rf build")); !strings.Contains(out, `"decision":"block"`) || !strings.Contains(out, "project guard: no rm -rf") {
		t.Errorf("--accept-hooks: %s", out)
	}
}
