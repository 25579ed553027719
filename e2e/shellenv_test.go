//go:build e2e

package e2e

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

var (
	testdata = flag.String("testdata", "e2e/testdata", "the suite's golden files (make e2e: the repo's e2e/testdata)")
	update   = flag.Bool("update", false, "rewrite the golden files with what the agents showed (make e2e E2E_UPDATE=1)")
)

func init() {
	cases = append(cases, Case{
		Name: "shell-env",
		Does: "the agent's shell tool runs a probe: the names of the variables the agent added to its environment, and the processes above it, match e2e/testdata/shell-env (the evidence agent detection is built from, SPEC 23.14)",
		Run:  shellEnv,
	}, Case{
		Name: "consent-refused-in-agent",
		Does: "the model runs hookctl's consent commands through a pty it made (yes | script -qec ...): each is refused, the guard stays recorded and wired, the refusals are in the audit log",
		Run:  consentRefusedInAgent,
	})
}

// probe is the script the agent's shell tool runs: the tool's environment (env -0, values kept
// out of the golden files), and each process above the shell up to the suite itself, one line
// each: its comm, and the base names of its argv[0] and argv[1].
const probe = `#!/bin/sh
env -0 >"$1/env"
p=$$
while [ -r "/proc/$p/stat" ]; do
	comm=$(cat "/proc/$p/comm")
	[ "$comm" = e2e.test ] && break
	a0=$(tr '\0' '\n' <"/proc/$p/cmdline" | sed -n 1p)
	a1=$(tr '\0' '\n' <"/proc/$p/cmdline" | sed -n 2p)
	printf '%s\t%s\t%s\n' "$comm" "${a0##*/}" "${a1##*/}"
	# The parent is the field after the ")" that ends comm, which may hold spaces.
	p=$(sed 's/.*) //' "/proc/$p/stat" | cut -d' ' -f2)
	[ "$p" -gt 1 ] || break
done >"$1/ancestors"
`

// shellEnv records what an agent's shell tool looks like from inside: the variable names the
// agent added to the environment the suite gave it (its values may hold paths, ports and keys,
// so only names are kept), and the chain of processes above the tool's shell. Both are kept
// as golden files; agent detection (internal/agentenv) is built from them.
func shellEnv(e *Env) {
	script := filepath.Join(e.Marks, "probe.sh")
	e.WriteFile(script, probe, 0o755)
	e.Script("sh "+script+" "+e.Marks, "done")
	e.RunOK(prompt)
	data, err := os.ReadFile(filepath.Join(e.Marks, "env"))
	if err != nil {
		e.Fatalf("the probe did not run in the agent's shell tool: %v", err)
	}
	given := map[string]bool{}
	for _, kv := range append(e.baseEnv(), e.Agent.Env(e)...) {
		name, _, _ := strings.Cut(kv, "=")
		given[name] = true
	}
	var names []string
	for _, kv := range bytes.Split(data, []byte{0}) {
		name, _, ok := strings.Cut(string(kv), "=")
		if ok && name != "" && !given[name] && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	e.golden("shell-env/"+e.Agent.Name+".env", strings.Join(names, "\n")+"\n")
	ancestors, err := os.ReadFile(filepath.Join(e.Marks, "ancestors"))
	if err != nil {
		e.Fatalf("the probe wrote no ancestors: %v", err)
	}
	e.golden("shell-env/"+e.Agent.Name+".ancestors", string(ancestors))
}

// golden compares got with the golden file name under -testdata, or writes it under -update.
func (e *Env) golden(name, got string) {
	path := filepath.Join(*testdata, name)
	if *update {
		e.WriteFile(path, got, 0o644)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		e.Errorf("%v (run make e2e E2E_UPDATE=1 to write it)", err)
		return
	}
	if string(want) != got {
		e.Errorf("%s differs from what the agent showed (make e2e E2E_UPDATE=1 rewrites it):\n%s", path, diffLines(string(want), got))
	}
}

// diffLines lists the lines only in want (-) and only in got (+).
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for _, l := range w {
		if !slices.Contains(g, l) {
			fmt.Fprintf(&b, "- %s\n", l)
		}
	}
	for _, l := range g {
		if !slices.Contains(w, l) {
			fmt.Fprintf(&b, "+ %s\n", l)
		}
	}
	return b.String()
}

// consentRefusedInAgent is the attack of SPEC 18 run by the agent itself: its shell tool gives
// hookctl a terminal with script(1) and answers yes, to revoke the guard, approve the config
// as it is and unwire the agent. A pty is not a person (18.1): each is refused.
func consentRefusedInAgent(e *Env) {
	e.Hook("guard.sh", "guard", "sh", "exit 0")
	e.Setup(`hooks:
  pre_tool_call:
    - matcher: "SHELL"
      command: ./guard.sh
      fail_closed: true
`)
	record := filepath.Join(e.Hooks, "allowlist.guards.json")
	settings := filepath.Join(e.Home, e.Agent.Settings)
	before := [2][]byte{e.readFile(record), e.readFile(settings)}
	// The three at once: each pty flooded with yes takes seconds, and some agents hand the model
	// what a command printed so far after a while (Codex's exec_command, Cline's 30 s).
	var attack []string
	commands := []string{"hooks revoke ./guard.sh", "hooks approve --all", "uninstall " + e.Agent.Name}
	for i, c := range commands {
		attack = append(attack, fmt.Sprintf(`(yes | head -n 5 | script -qec "%s %s" /dev/null; echo "exit=$?") >%s 2>&1 &`,
			*hookctlBin, c, filepath.Join(e.Marks, fmt.Sprintf("attack-%d.log", i))))
	}
	e.Script(strings.Join(attack, " ")+" wait", "done")
	e.RunOK(prompt)
	e.Check(bytes.Equal(e.readFile(record), before[0]), "the guard record changed")
	e.Check(bytes.Equal(e.readFile(settings), before[1]), "%s changed", e.Agent.Settings)
	ran := 0
	for i, c := range commands {
		data, err := os.ReadFile(filepath.Join(e.Marks, fmt.Sprintf("attack-%d.log", i)))
		if err != nil {
			continue // a tool call the agent or a guard refused never reached hookctl
		}
		ran++
		out := string(data)
		// The run may end before the exit line is written: the refusal, not the exit line, counts.
		e.Check(strings.Contains(out, "refused: ") && !strings.Contains(out, "exit=0"), "hookctl %s was not refused:\n%s", c, clip(out))
		e.Check(!strings.Contains(out, "Go on?"), "hookctl %s asked on the agent's pty:\n%s", c, clip(out))
	}
	if ran == 0 {
		e.Check(e.HookRuns("guard") == 1, "the attack did not run, and the guard did not run either")
		return
	}
	logged := e.MustHookctl("log", "--json", "--event", "consent_refused")
	e.Check(strings.Count(logged, `"event":"consent_refused"`) == ran, "the audit log does not have the %d refusals:\n%s", ran, logged)
}

// readFile reads a file the case needs, ending the case when it cannot.
func (e *Env) readFile(path string) []byte {
	data, err := os.ReadFile(path)
	if err != nil {
		e.Fatalf("%v", err)
	}
	return data
}
