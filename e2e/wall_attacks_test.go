//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/hookctl/hookctl/e2e/model"
)

// wallAttack is one attack the kernel wall must refuse in the agent's shell, in text the
// self-guard cannot read (SPEC 24.1): its row in e2e/threats.tsv is "wall-" + name.
type wallAttack struct {
	name string
	// script is the sh text; HOOKCTL_DIR and VICTIM are set for it.
	script string
	// held says, after the run, that what the attack went for is still in place.
	held func(e *Env, w *wallWorld) bool
}

// wallWorld is what the attacks aim at: hookctl's folder and a hookctl process started outside
// the wall, by the agent's own user.
type wallWorld struct {
	hookctlDir string
	victim     *exec.Cmd
	exited     chan struct{}
	allowlist  []byte
}

var wallAttacks = []wallAttack{
	{"home-removed", `rm -rf "$HOME/.agent-hooks"`, func(e *Env, _ *wallWorld) bool {
		_, err := os.Stat(filepath.Join(e.Hooks, "allowlist.json"))
		return err == nil
	}},
	{"allowlist-written", `echo '{"version":1,"approved":[]}' > "$HOME/.agent-hooks/allowlist.json"`, func(e *Env, w *wallWorld) bool {
		now, err := os.ReadFile(filepath.Join(e.Hooks, "allowlist.json"))
		return err == nil && string(now) == string(w.allowlist)
	}},
	{"guard-folder-written", `printf '#!/bin/sh\nexit 0\n' > "$HOOKCTL_DIR/jq" && chmod +x "$HOOKCTL_DIR/jq"`, func(_ *Env, w *wallWorld) bool {
		_, err := os.Lstat(filepath.Join(w.hookctlDir, "jq"))
		return err != nil
	}},
	{"hookctl-killed", `kill -KILL "$VICTIM"`, func(_ *Env, w *wallWorld) bool {
		select {
		case <-w.exited:
			return false
		default:
			return true
		}
	}},
}

// runWallAttacks runs every wall attack in one agent turn (each base64-encoded, so that only the
// kernel can refuse it) and checks each outcome against its row of e2e/threats.tsv.
func (e *Env) runWallAttacks() {
	w := e.wallWorld()
	defer w.stop()
	var parts []string
	for _, a := range wallAttacks {
		log := filepath.Join(e.Marks, "wall-"+a.name+".log")
		parts = append(parts, fmt.Sprintf(`(%s) >%s 2>&1; echo "exit=$?" >>%s`, encoded(a.script), log, log))
	}
	e.Script(fmt.Sprintf("export HOOKCTL_DIR=%s VICTIM=%d; %s", w.hookctlDir, w.victim.Process.Pid, strings.Join(parts, "; ")), "done")
	e.Run(prompt)
	for _, a := range wallAttacks {
		data, err := os.ReadFile(filepath.Join(e.Marks, "wall-"+a.name+".log"))
		got := "not stopped"
		switch {
		case err != nil:
			got = "did not run"
		case a.held(e, w) && refused.Match(data):
			got = "denied"
		}
		want, ok := threatRow(e, "wall-"+a.name)
		if !ok {
			continue
		}
		e.Saw("wall-%s: %s (e2e/threats.tsv: %s): %s", a.name, got, want, oneLine(string(data)))
		e.Check(got == want, "wall-%s: the outcome is %q, and e2e/threats.tsv (and docs/security.md) say %q", a.name, got, want)
	}
}

// wallWorld starts the hookctl process the kill attack aims at (hookctl log -f, which runs
// until it is stopped), outside the wall, as the agent's user, and notes the allowlist.
func (e *Env) wallWorld() *wallWorld {
	w := &wallWorld{hookctlDir: filepath.Dir(*hookctlBin), exited: make(chan struct{})}
	w.allowlist, _ = os.ReadFile(filepath.Join(e.Hooks, "allowlist.json"))
	w.victim = exec.Command(*hookctlBin, "log", "-f")
	w.victim.Env = e.baseEnv()
	w.victim.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := w.victim.Start(); err != nil {
		e.Fatalf("starting hookctl log -f: %v", err)
	}
	go func() { _ = w.victim.Wait(); close(w.exited) }()
	return w
}

func (w *wallWorld) stop() {
	_ = w.victim.Process.Kill()
	select {
	case <-w.exited:
	case <-time.After(5 * time.Second):
	}
	_ = os.Remove(filepath.Join(w.hookctlDir, "jq"))
}

// emptyAllowlist is what a file-tool attack writes over the allowlist: an empty approval list.
const emptyAllowlist = `{"version":1,"approved":[]}` + "\n"

// runWallFileAttack changes the allowlist through the agent's own file tool (a write, an edit
// or a patch) with the agent started behind the wall, where its file tools run in its walled
// process. It runs twice (wallRuns): with the agent's hooks on, where the self-guard reads the
// path and denies the call, and again after the encoded hooks-off switch, which goes through
// where the agent writes its own settings: there no hook runs and only the kernel can refuse
// the write. Its row is wall-allowlist-file-tool; each run must show that the call was made (a
// tool result, or hookctl's block in the audit log), and reports what the tool was told.
func (e *Env) runWallFileAttack(when string) {
	want, ok := threatRow(e, "wall-allowlist-file-tool")
	if !ok {
		return
	}
	if e.Agent.FileAttack == nil {
		e.Check(want == "n/a", "%s has no file tool the scripted model calls, and e2e/threats.tsv says %q for wall-allowlist-file-tool", e.Agent.Name, want)
		return
	}
	path := filepath.Join(e.Hooks, "allowlist.json")
	before, _ := os.ReadFile(path)
	call := e.Agent.FileAttack(path, before)
	e.Model.SetScript(model.Script{Call: &call, Final: "done"})
	seen, audited := len(e.Model.Requests()), len(e.auditEntries())
	e.Run(prompt)
	after, err := os.ReadFile(path)
	told, asked := "", false
	for _, r := range e.Model.Requests()[seen:] {
		asked = asked || r.Answer == "call"
		if r.HasToolResult {
			told = clipN(oneLine(r.ToolResult), 200)
		}
	}
	by := blocker(e.auditEntries()[audited:])
	got := "not stopped"
	switch {
	case !asked && when != "hooks on":
		e.Saw("wall-allowlist-file-tool %s: the agent no longer asked the model for a call (its settings were overwritten)", when)
		return
	case !asked || told == "" && by == "":
		got = "did not run"
	case err == nil && string(after) == string(before):
		got = "denied"
	}
	e.Saw("wall-allowlist-file-tool %s: %s through %s (e2e/threats.tsv: %s); blocked by %q; the tool was told: %s", when, got, call.Name, want, by, told)
	e.Check(got == want, "wall-allowlist-file-tool %s: the outcome is %q, and e2e/threats.tsv (and docs/security.md) say %q", when, got, want)
}
