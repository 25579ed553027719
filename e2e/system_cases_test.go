//go:build e2e

package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// The system level's proof (SPEC 18.2): root puts a guard that blocks `rm -rf` into
// /etc/agent-hooks, approves it with `hooks approve --system --all` and wires it into the
// agent's administrator file with `install --system AGENT` (--managed-only where the agent has
// the switch); the person has the same guard at their own level, approved and installed. Then
// the agent, running as an unprivileged user, is the attacker: run 1 is one of SPEC 18's
// attacks (plain, or through `base64 -d | sh`, which the self-guard cannot read), run 2 is
// `rm -rf ~/keep`. ~/keep must survive in every agent that honours its administrator file;
// each case says which layer kept it, and what became of the attack.
//
// Each case runs in a mount namespace of its own (unshare -m), where /etc is an overlay of the
// real one: root's files go there and the machine's /etc never changes. Every process of the
// case enters that namespace (nsenter); the agent, hookctl at the person's level and the
// agent's setup steps run as the case's own user (setpriv), with a fresh HOME that user owns.
// hookctl is copied into a root-owned folder (install --system refuses a binary a person could
// replace), and the agents' folder is bind-mounted beside it, so the user can run them.
func init() {
	attacks := []struct{ name, does string }{
		{"rewrite-approve", "rewrites the system guard and the person's guard to exit 0, then runs hooks approve --all and approve --system --all"},
		{"delete-record", "deletes the system's and the person's allowlist and guard record, and empties the person's config"},
		{"uninstall-pty", "runs hookctl uninstall AGENT and uninstall --system AGENT through a pty it made (yes | script -qec)"},
		{"unwire-agent", "overwrites the person's agent settings with the agent's own switch for hooks off (Claude Code disableAllHooks, Codex [features] hooks = false, Copilot disableAllHooks, Gemini hooksConfig.enabled false, Cline: deletes its hook files)"},
	}
	for _, a := range attacks {
		cases = append(cases,
			// The plain attack is denied by the self-guard before it reaches anything of the
			// system level's (tamper-* prove that): Full, for E2E_FULL=1.
			Case{Name: "system-" + a.name, Does: "as an unprivileged user, the agent " + a.does + "; the rm -rf ~/keep after it is blocked by the system guard", Run: systemAttack(a.name, false), Full: true},
			encodedCase(a.name))
	}
	cases = append(cases,
		Case{Name: "system-guard-alone", Does: "the system guard alone (nothing at the person's level): the agent reads its administrator file and the rm -rf ~/keep is blocked", Run: systemGuardAlone},
		Case{Name: "system-slow-guard", Does: "a system guard slower than its timeout: hookctl's --deadline answers before the agent's own timeout, and the fail_closed guard blocks", Run: systemSlowGuard},
		Case{Name: "system-gemini-disabled", Does: "Gemini only: the agent lists the system entries' commands in the person's hooksConfig.disabled (SPEC 23.14)", Run: systemGeminiDisabled},
		Case{Name: "system-gemini-env", Does: "Gemini only: GEMINI_CLI_SYSTEM_SETTINGS_PATH written by the agent into the .env files Gemini loads, then set by the person in the agent's environment (SPEC 23.14)", Run: systemGeminiEnv},
	)
}

// encodedCase is the attack through echo BASE64 | base64 -d | sh, which the self-guard cannot
// read. Only the unwiring gets past the person's level (tamper-encode-unwire-agent), so only it
// runs in every agent in the default suite; the others, which the person's guard record and
// --guarded also block (tamper-encode-*), run there in Claude Code alone, and in every agent
// with E2E_FULL=1.
func encodedCase(name string) Case {
	c := Case{Name: "system-encoded-" + name, Does: "system-" + name + " through echo BASE64 | base64 -d | sh; the rm -rf ~/keep after it is blocked by the system guard", Run: systemAttack(name, true)}
	if name != "unwire-agent" {
		c.Full, c.FullExcept = true, []string{"claude-code"}
	}
	return c
}

// sysNotKept is what the e2e showed: the agent and case where ~/keep does not survive, with
// the reason the docs give (docs/security.md, System level). Such a case checks that the hole
// is still there, so the docs are told when an agent closes it.
var sysNotKept = map[string]map[string]string{
	"cline": {
		"system-guard-alone":          "Cline has no administrator file: nothing runs the system guard",
		"system-encoded-unwire-agent": "Cline has no administrator file: with the person's hook files deleted, nothing runs hookctl",
	},
	"kilo": {
		"system-guard-alone":          "Kilo loads no plugin from its managed folder (/etc/kilo): nothing runs the system guard",
		"system-encoded-unwire-agent": "Kilo loads no plugin from its managed folder: with the person's plugin deleted, nothing runs hookctl",
	},
	"opencode": {
		"system-guard-alone":          "OpenCode 1.18.33 loads no plugin from its managed folder: nothing runs the system guard",
		"system-encoded-unwire-agent": "OpenCode 1.18.33 loads no plugin from its managed folder: with hookctl's plugin deleted from the person's folder, nothing runs hookctl",
	},
	"pi": {
		"system-guard-alone":          "pi has no managed folder: nothing runs the system guard",
		"system-encoded-unwire-agent": "pi has no managed folder: with hookctl's plugin deleted from the person's folder, nothing runs hookctl",
	},
	"gemini": {
		"system-gemini-disabled": "Gemini CLI 0.61.0 joins every scope's hooksConfig.disabled: the person's list switches the system settings' hooks off",
	},
}

// sysAdminOff is what the e2e showed where the administrator file's entry does not run, but
// the person's wiring (untouched there) still runs the system guard and keeps ~/keep: the
// case checks both, so the docs are told when it changes.
var sysAdminOff = map[string]string{
	"system-gemini-env (set)": "GEMINI_CLI_SYSTEM_SETTINGS_PATH in Gemini's environment moves its system settings: the administrator file's hooks do not run",
}

// sysNoAdmin names the agents that have no administrator file: there the system guard runs
// only through the person's own wiring (whose hookctl runs the system layer first).
var sysNoAdmin = map[string]string{
	"cline": "Cline has no administrator file",
	"kilo":  "Kilo Code CLI loads no plugin from its managed folder",
	"pi":    "pi has no managed folder",
	// 1.18.33 reads only opencode.json from /etc/opencode: install --system refuses it.
	"opencode": "OpenCode loads no plugin from its managed folder",
}

// sysBin is the root-owned hookctl of the system wiring, sysAgents the agents' folder as the
// case's user sees it, both in the case's overlay of /etc.
const (
	sysBin    = "/etc/hookctl-e2e/bin/hookctl"
	sysAgents = "/etc/hookctl-e2e/node_modules"
	sysReason = "e2e-system-guard-says-no"
)

// sysUID numbers the cases' users, one each.
var sysUID atomic.Int32

func init() { sysUID.Store(42000) }

// sysWorld is a case's mount namespace and user.
type sysWorld struct {
	e   *Env
	pid int // the process holding the namespace
	uid int
	// env is added to the agent's environment (system-gemini-env).
	env []string
}

// sysSetup is the namespace's holder, run by unshare -m as root: a tmpfs for the overlay's
// folders, the overlay over /etc, the root-owned hookctl and the agents' folder in it, the
// case's user in its passwd and group; then it waits to be killed.
const sysSetup = `set -e
umask 022
mount -t tmpfs -o mode=0700 tmpfs "$1"
mkdir "$1/upper" "$1/work"
mount -t overlay overlay -o "lowerdir=/etc,upperdir=$1/upper,workdir=$1/work" /etc
mkdir -p /etc/hookctl-e2e/bin /etc/hookctl-e2e/node_modules /etc/agent-hooks
cp "$2" ` + sysBin + `
chmod 0755 ` + sysBin + `
mount --bind "$3" ` + sysAgents + `
echo "e2e$4:x:$4:$4:hookctl e2e:$5:/bin/sh" >>/etc/passwd
echo "e2e$4:x:$4:" >>/etc/group
echo ready
exec sleep 100000`

// systemLevel sets up the case's namespace and user, and makes every process of the case run
// there as that user. It ends the case as skipped where that needs what it does not have.
func (e *Env) systemLevel() *sysWorld {
	if os.Geteuid() != 0 {
		e.sysSkip("the system level's proof runs the agents as another user in a mount namespace of their own: run the suite as root (make e2e)")
	}
	for _, tool := range []string{"unshare", "nsenter", "setpriv", "script"} {
		if _, err := exec.LookPath(tool); err != nil {
			e.sysSkip(tool + "(1) is not installed (util-linux)")
		}
	}
	w := &sysWorld{e: e, uid: int(sysUID.Add(1))}
	dir := filepath.Dir(e.Home)
	scratch := filepath.Join(dir, "ns")
	if err := os.Mkdir(scratch, 0o700); err != nil {
		e.Fatalf("%v", err)
	}
	// The user reaches its HOME through the case's folders, which stay root's.
	for d := dir; d != filepath.Dir(d) && d != os.TempDir(); d = filepath.Dir(d) {
		if err := os.Chmod(d, 0o711); err != nil {
			e.Fatalf("%v", err)
		}
	}
	holder := exec.Command("unshare", "-m", "--propagation", "private", "sh", "-c", sysSetup, "sh",
		scratch, *hookctlBin, filepath.Dir(*agentsBin), strconv.Itoa(w.uid), e.Home)
	holder.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stderr bytes.Buffer
	holder.Stderr = &stderr
	out, err := holder.StdoutPipe()
	if err != nil {
		e.Fatalf("%v", err)
	}
	if err := holder.Start(); err != nil {
		e.Fatalf("unshare: %v", err)
	}
	e.t.Cleanup(func() {
		_ = syscall.Kill(-holder.Process.Pid, syscall.SIGKILL)
		_ = holder.Wait()
	})
	line, _ := bufio.NewReader(out).ReadString('\n')
	if line != "ready\n" {
		_ = holder.Wait()
		e.Fatalf("setting up the mount namespace: %q %s", line, stderr.String())
	}
	w.pid = holder.Process.Pid
	// Never enter a namespace that is not the case's own: the real /etc must not change.
	mine, err1 := os.Readlink("/proc/self/ns/mnt")
	its, err2 := os.Readlink(fmt.Sprintf("/proc/%d/ns/mnt", w.pid))
	if err1 != nil || err2 != nil || mine == its {
		e.Fatalf("the case's mount namespace is not its own (%s, %s: %v %v)", mine, its, err1, err2)
	}
	e.Wrap = w.asUser
	return w
}

// sysSkip ends the case as skipped, saying why in the results.
func (e *Env) sysSkip(reason string) {
	fmt.Printf("skip %-12s %-26s %s\n", e.Agent.Name, e.Case, reason)
	e.t.Skip(reason)
}

// enter is the argv that runs argv in the case's namespace. (Not nsenter --wd: it opens the
// folder before it enters, and the process's cwd is then outside its root.)
func (w *sysWorld) enter(argv ...string) []string {
	return append([]string{"nsenter", "-t", strconv.Itoa(w.pid), "-m", "--"}, argv...)
}

// asUser is the case's Wrap: hookctl and the agents by their paths in the namespace, run as
// the case's user, who owns the case's HOME, project and marker folders from then on.
func (w *sysWorld) asUser(argv []string) []string {
	w.give()
	argv = append([]string(nil), argv...)
	switch {
	case argv[0] == *hookctlBin:
		argv[0] = sysBin
	case strings.HasPrefix(argv[0], filepath.Dir(*agentsBin)+"/"):
		// Both the program and, for an agent run by a Node of its own, the script it runs.
		for i := 0; i < len(argv) && i < 2; i++ {
			if strings.HasPrefix(argv[i], filepath.Dir(*agentsBin)+"/") {
				argv[i] = sysAgents + strings.TrimPrefix(argv[i], filepath.Dir(*agentsBin))
			}
		}
		argv = append(append([]string(nil), w.env...), argv...)
	}
	id := strconv.Itoa(w.uid)
	return w.enter(append([]string{"setpriv", "--reuid=" + id, "--regid=" + id, "--clear-groups", "--",
		"env", "-C", w.e.Project}, argv...)...)
}

// give hands the case's folders, written by the suite as root, to the case's user.
func (w *sysWorld) give() {
	e := w.e
	for _, root := range []string{e.Home, e.Project, e.Marks, e.tmp} {
		_ = filepath.Walk(root, func(path string, _ os.FileInfo, err error) error {
			if err == nil {
				err = os.Lchown(path, w.uid, w.uid)
			}
			return err
		})
	}
}

// root runs a shell script as root in the namespace, with root's own environment.
func (w *sysWorld) root(script string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	argv := w.enter(append([]string{"sh", "-c", "set -e\numask 022\ncd /\n" + script, "sh"}, args...)...)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Env = []string{"PATH=/usr/sbin:/usr/bin:/sbin:/bin", "HOME=/root", "LANG=C.UTF-8"}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// mustRoot runs root and ends the case when it fails.
func (w *sysWorld) mustRoot(script string, args ...string) string {
	out, err := w.root(script, args...)
	if err != nil {
		w.e.Fatalf("as root: %v\n%s\n%s", err, script, out)
	}
	return out
}

// sysGuardScript is the system guard: it logs each run and blocks `rm -r` (rm -rf included)
// with sysReason, after slow seconds. Each line it logs says which wiring ran it: "admin" when
// the hookctl above it runs with --system (the agent's administrator file), "person" when it
// is the person's own wiring (whose hookctl runs the system layer first as well).
func (e *Env) sysGuardScript(slow int) string {
	runs, blocks := filepath.Join(e.Marks, "system-guard-runs"), filepath.Join(e.Marks, "system-guard-blocks")
	wait := ""
	if slow > 0 {
		wait = fmt.Sprintf("sleep %d; ", slow)
	}
	return fmt.Sprintf(`#!/bin/sh
payload=$(cat)
via=person
case " $(tr '\000' ' ' </proc/$PPID/cmdline)" in *" --system "*) via=admin ;; esac
echo "run $via" >>%q
case "$payload" in
*"rm -r"*) %secho "block $via" >>%q; echo '%s: no rm -rf' >&2; exit 2 ;;
esac
exit 0
`, runs, wait, blocks, sysReason)
}

// install puts the system guard (timeout in seconds, 0 for the default) into /etc/agent-hooks,
// approves it and wires the agent's administrator file, as root; it returns what install
// --system said, and an error for an agent that has no administrator file.
func (w *sysWorld) install(slow, timeout int) (string, error) {
	e := w.e
	config := "hooks:\n  pre_tool_call:\n    - command: /etc/agent-hooks/guard.sh\n      fail_closed: true\n"
	if timeout > 0 {
		config += fmt.Sprintf("      timeout: %d\n", timeout)
	}
	w.mustRoot(`printf '%s' "$1" >/etc/agent-hooks/config.yaml
printf '%s' "$2" >/etc/agent-hooks/guard.sh
chmod 0755 /etc/agent-hooks/guard.sh
`+sysBin+` hooks approve --system --all`, config, e.sysGuardScript(slow))
	args := []string{sysBin, "install", "--system", e.Agent.Name}
	if e.Agent.Name == "claude-code" || e.Agent.Name == "codex" {
		args = append(args, "--managed-only")
	}
	return w.root(`exec "$@"`, args...)
}

// sysGuardBlocks is how many times the system guard blocked, through which wiring ("admin",
// "person").
func (e *Env) sysGuardBlocks() map[string]int {
	data, _ := os.ReadFile(filepath.Join(e.Marks, "system-guard-blocks"))
	n := map[string]int{}
	for _, l := range strings.Fields(string(data)) {
		if l != "block" {
			n[l]++
		}
	}
	return n
}

// personGuard sets the person's own guard up at their level, as the person would: the same
// rm -rf rule, approved and installed.
func (e *Env) personGuard() {
	e.Hook("guard.sh", "guard", "sh", `case "$payload" in *"rm -r"*) `+blockJSON("e2e-person-guard-says-no")+` ;; esac`)
	e.Setup(`hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./guard.sh
      fail_closed: true
`)
}

// sysAttackCommand is attack name for this agent, as one shell command.
func (e *Env) sysAttackCommand(name string) string {
	switch name {
	case "rewrite-approve":
		exit0 := `printf '#!/bin/sh\nexit 0\n' >`
		return exit0 + `/etc/agent-hooks/guard.sh; ` + exit0 + `~/.agent-hooks/guard.sh; ` +
			sysBin + ` hooks approve --all; ` + sysBin + ` hooks approve --system --all`
	case "delete-record":
		return `rm -f /etc/agent-hooks/allowlist.json /etc/agent-hooks/allowlist.guards.json; ` +
			`rm -f ~/.agent-hooks/allowlist.json ~/.agent-hooks/allowlist.guards.json; : >~/.agent-hooks/config.yaml`
	case "uninstall-pty":
		return fmt.Sprintf(`yes | head -n 5 | script -qec "%s uninstall %s" /dev/null; yes | head -n 5 | script -qec "%s uninstall --system %s" /dev/null`,
			sysBin, e.Agent.Name, sysBin, e.Agent.Name)
	case "unwire-agent":
		switch e.Agent.Name {
		case "claude-code":
			return `echo '{"disableAllHooks": true}' >~/.claude/settings.json`
		case "codex":
			return `echo '{}' >~/.codex/hooks.json; printf '\n[features]\nhooks = false\ncodex_hooks = false\n' >>~/.codex/config.toml`
		case "copilot":
			return `echo '{}' >~/.copilot/hooks/hookctl.json; echo '{"disableAllHooks": true}' >~/.copilot/settings.json`
		case "gemini":
			return `echo '` + geminiSettings(`"hooksConfig": {"enabled": false}`) + `' >~/.gemini/settings.json`
		case "cline":
			return `rm -f ~/.cline/hooks/*`
		case "qwen-code":
			return `echo '{"disableAllHooks": true}' >~/.qwen/settings.json`
		case "droid":
			// The person's settings keep their custom model (the run after needs it).
			return `sed -i 's/"hooks": *{/"hooks": {"hooksDisabled": true, /' ~/.factory/settings.json`
		}
		if e.Agent.Name == "opencode" || e.Agent.Name == "kilo" || e.Agent.Name == "pi" {
			return "rm -f ~/" + e.Agent.Settings // hookctl's plugin: the agent's only wiring
		}
	}
	e.Fatalf("no attack %s for %s", name, e.Agent.Name)
	return ""
}

// geminiSettings is the person's Gemini settings (its row's Prepare) with more keys, one line.
func geminiSettings(more string) string {
	return `{"security": {"auth": {"selectedType": "gemini-api-key"}}, "privacy": {"usageStatisticsEnabled": false}, ` +
		`"telemetry": {"enabled": false}, "model": {"name": "gemini-2.5-flash"}, ` + more + `}`
}

// sysEncode is command as text the self-guard cannot read: decoded at run time, piped to sh.
func sysEncode(command string) string {
	return "echo " + base64.StdEncoding.EncodeToString([]byte(command)) + " | base64 -d | sh"
}

// systemAttack is a case of 18.2's proof: both levels set up, run 1 the attack, run 2 the
// rm -rf ~/keep.
func systemAttack(name string, encoded bool) func(e *Env) {
	return func(e *Env) {
		if _, ok := sysNoAdmin[e.Agent.Name]; ok && !*full && *onlyCases == "" {
			// No administrator file: the system guard runs only through the person's own
			// wiring, so the attacks there are the person's level's, which tamper-* prove.
			e.sysSkip("no administrator file: the attacks are the person's level's here (tamper-*); E2E_FULL=1 runs them")
		}
		w := e.systemLevel()
		if out, err := w.install(0, 0); err != nil {
			e.sysSaw("install --system: %s", clipN(oneLine(out), 120))
		}
		e.personGuard()
		command := e.sysAttackCommand(name)
		if encoded {
			command = sysEncode(command)
		}
		e.sysAttack(command)
		e.sysRemoveKeep()
	}
}

// sysAttack is run 1: the agent runs command, wrapped to leave its output and exit status
// in attack.log; what became of it is reported.
func (e *Env) sysAttack(command string) {
	log := filepath.Join(e.Marks, "attack.log")
	e.Script(fmt.Sprintf(`(%s) >%s 2>&1; echo "exit=$?" >>%s`, command, log, log), "done")
	e.Run(prompt)
	data, err := os.ReadFile(log)
	if err != nil {
		result := ""
		for _, r := range e.Model.Requests() {
			if r.HasToolResult {
				result = r.ToolResult
			}
		}
		if result == "" {
			result = "the model got no tool result"
		}
		e.sysSaw("run 1 (the attack) was denied: %s", clipN(oneLine(result), 200))
		return
	}
	var said []string // what it printed, less the yes of uninstall-pty
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && l != "y" {
			said = append(said, l)
		}
	}
	e.sysSaw("run 1 (the attack) ran: %s", clipN(strings.Join(said, " / "), 400))
}

// sysRemoveKeep is run 2: rm -rf ~/keep, which must be blocked where the agent honours its
// administrator file; it reports which layer kept ~/keep.
func (e *Env) sysRemoveKeep() {
	keep := filepath.Join(e.Home, "keep")
	e.WriteFile(filepath.Join(keep, "file"), "the person's work\n", 0o644)
	sysBefore, personBefore, asked := e.sysGuardBlocks(), e.HookRuns("guard"), len(e.Model.Requests())
	e.Script(e.sysRemoveCommand()+"; "+e.MarkCommand("ran"), "done")
	e.Run(prompt)
	if len(e.Model.Requests()) == asked {
		e.Errorf("%s never reached the model in the rm -rf run: it did not start as the case's user", e.Agent.Name)
		return
	}
	_, err := os.Stat(filepath.Join(keep, "file"))
	kept := err == nil && !e.Marked("ran")
	var by []string
	sysAfter := e.sysGuardBlocks()
	if sysAfter["admin"] > sysBefore["admin"] {
		by = append(by, "the system guard from the administrator file")
	}
	if sysAfter["person"] > sysBefore["person"] {
		by = append(by, "the system guard through the person's wiring")
	}
	if e.HookRuns("guard") > personBefore {
		by = append(by, "the person's guard ran")
	}
	layer := strings.Join(by, "; ")
	if layer == "" {
		layer = "no guard ran"
	}
	if reason, known := sysNotKept[e.Agent.Name][e.Case]; known {
		e.Check(!kept, "~/keep was kept (%s), where the docs say it is not: %s; update docs/security.md and sysNotKept", layer, reason)
		e.sysSaw("run 2 (rm -rf ~/keep): not kept, as the docs say: %s (%s)", reason, layer)
		return
	}
	if reason, off := sysAdminOff[e.Case]; off {
		e.Check(kept, "~/keep is gone: the rm -rf ran (%s)", layer)
		e.Check(sysAfter["admin"] == sysBefore["admin"], "the system guard ran from the administrator file, where the docs say: %s; update docs/security.md and sysAdminOff", reason)
		e.sysSaw("run 2 (rm -rf ~/keep): kept by %s; as the docs say: %s", layer, reason)
		return
	}
	e.Check(kept, "~/keep is gone: the rm -rf ran after the attack (%s)", layer)
	if _, none := sysNoAdmin[e.Agent.Name]; !none {
		e.Check(sysAfter["admin"] > sysBefore["admin"], "the system guard from the administrator file did not block the rm -rf (%s)", layer)
	}
	if kept {
		e.sysSaw("run 2 (rm -rf ~/keep): kept by %s", layer)
	}
}

// sysRemoveCommand is run 2's command. Codex 0.169.0 rejects `rm -f` style commands itself
// (its exec policy), and droid exec 0.225.2 at times refuses `rm -rf ~/keep` ("Dangerous
// command detected"), which would keep ~/keep whatever the guards do: for them the command is
// `rm -r`, which the guards block too.
func (e *Env) sysRemoveCommand() string {
	if e.Agent.Name == "codex" || e.Agent.Name == "droid" {
		return "rm -r ~/keep"
	}
	return "rm -rf ~/keep"
}

// sysSaw prints an observation of the case beside its result (the system cases' table).
func (e *Env) sysSaw(format string, args ...any) {
	fmt.Printf("     %-12s %-26s %s\n", e.Agent.Name, e.Case, fmt.Sprintf(format, args...))
}

func systemGuardAlone(e *Env) {
	w := e.systemLevel()
	out, err := w.install(0, 0)
	if why, none := sysNoAdmin[e.Agent.Name]; none {
		e.Check(err != nil && strings.Contains(out, "no administrator file"), "install --system %s did not refuse, saying it has no administrator file (%s): %v\n%s", e.Agent.Name, why, err, out)
	} else if err != nil {
		e.Fatalf("install --system %s: %v\n%s", e.Agent.Name, err, out)
	}
	e.sysRemoveKeep()
}

// systemSlowGuard: the system guard takes 120 s on rm -rf; its timeout is 3 s, so install
// writes --deadline 8 and the agent's own timeout of 8 s. hookctl's deadline must answer
// first: a fail_closed guard that timed out blocks, long before the guard would have.
func systemSlowGuard(e *Env) {
	w := e.systemLevel()
	out, err := w.install(120, 3)
	if why, none := sysNoAdmin[e.Agent.Name]; none {
		e.Check(err != nil, "install --system %s did not refuse:\n%s", e.Agent.Name, out)
		e.sysSaw("%s: nothing to time", why)
		return
	}
	if err != nil {
		e.Fatalf("install --system %s: %v\n%s", e.Agent.Name, err, out)
	}
	keep := filepath.Join(e.Home, "keep")
	e.WriteFile(filepath.Join(keep, "file"), "the person's work\n", 0o644)
	e.Script(e.sysRemoveCommand()+"; "+e.MarkCommand("ran"), "done")
	r := e.Run(prompt)
	_, statErr := os.Stat(filepath.Join(keep, "file"))
	e.Check(statErr == nil && !e.Marked("ran"), "~/keep is gone: the slow system guard's timeout let the rm -rf through")
	runs, _ := os.ReadFile(filepath.Join(e.Marks, "system-guard-runs"))
	e.Check(strings.Count(string(runs), "run") >= 1, "the system guard never ran")
	e.Check(r.Took < 60*time.Second, "the run took %s: something waited for the guard past hookctl's deadline", r.Took.Round(time.Second))
	logged := lastLine(e.MustHookctl("log", "--json", "--event", "pre_tool_call"))
	var entry struct {
		Decision, Reason string
		DurationMS       int64 `json:"duration_ms"`
	}
	_ = json.Unmarshal([]byte(logged), &entry)
	took := time.Duration(entry.DurationMS) * time.Millisecond
	e.Check(entry.Decision == "block" && strings.Contains(entry.Reason, "timed out"),
		"hookctl's audit log has no block for the guard's timeout: %s", logged)
	e.Check(took < 8*time.Second, "hookctl answered after %s, not before the agent's own timeout of 8 s", took)
	e.sysSaw("hookctl blocked after %s (%q), before the agent's own timeout of 8 s; the agent's run took %s",
		took.Round(100*time.Millisecond), entry.Reason, r.Took.Round(time.Second))
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// systemGeminiDisabled: Gemini's hooksConfig.disabled is a union of every scope's lists, so
// the person's list names hooks of the system settings too.
func systemGeminiDisabled(e *Env) {
	if e.Agent.Name != "gemini" {
		e.sysSaw("Gemini only: nothing to check for %s", e.Agent.Name)
		return
	}
	w := e.systemLevel()
	if out, err := w.install(0, 0); err != nil {
		e.Fatalf("install --system gemini: %v\n%s", err, out)
	}
	e.personGuard()
	var sys struct {
		Hooks map[string][]struct {
			Hooks []struct{ Command string } `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal([]byte(w.mustRoot(`cat /etc/gemini-cli/settings.json`)), &sys); err != nil {
		e.Fatalf("/etc/gemini-cli/settings.json: %v", err)
	}
	var names []string
	for _, groups := range sys.Hooks {
		for _, g := range groups {
			for _, h := range g.Hooks {
				names = append(names, h.Command)
			}
		}
	}
	list, _ := json.Marshal(names)
	settings := geminiSettings(`"hooksConfig": {"disabled": ` + string(list) + `}`)
	e.sysAttack(sysEncode(fmt.Sprintf("cat >~/.gemini/settings.json <<'EOF'\n%s\nEOF", settings)))
	e.sysRemoveKeep()
}

// systemGeminiEnv: Gemini reads its system settings' path from GEMINI_CLI_SYSTEM_SETTINGS_PATH.
// The agent cannot change its own environment, but it can write the .env files Gemini loads;
// the person (or anything that starts Gemini) can set the variable itself.
func systemGeminiEnv(e *Env) {
	if e.Agent.Name != "gemini" {
		e.sysSaw("Gemini only: nothing to check for %s", e.Agent.Name)
		return
	}
	w := e.systemLevel()
	if out, err := w.install(0, 0); err != nil {
		e.Fatalf("install --system gemini: %v\n%s", err, out)
	}
	e.personGuard()
	elsewhere := filepath.Join(e.Home, "no-system.json")
	env := "GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + elsewhere
	e.sysAttack(sysEncode(fmt.Sprintf(`echo '{}' >%s; for f in ~/.gemini/.env ~/.env %s/.env; do echo %s >>"$f"; done`,
		elsewhere, e.Project, env)))
	e.sysRemoveKeep()

	// The person sets the variable: the agent runs with it from the start.
	e.Case = "system-gemini-env (set)"
	w.env = []string{env}
	e.sysRemoveKeep()
}
