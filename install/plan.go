package install

import (
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/suggest"
)

// Margin is what an entry's timeout adds to the longest its event's dispatch can take: the
// agent must not stop hookctl before hookctl has stopped its hooks and answered (hookctl ends
// the dispatch 2 s before the deadline it is given).
const Margin = 5 * time.Second

// turnGap is what each hook adds to the dispatch when hooks run one by one (parallel: false):
// the grace between SIGTERM and SIGKILL and the wait for its output after it exits, at most
// 1 s each.
const turnGap = 2 * time.Second

// LayoutOf returns the layout of the agent's settings file.
func LayoutOf(d *agent.Dialect) Layout { return layoutFor(d, runtime.GOOS) }

// layoutFor is LayoutOf on the system goos.
func layoutFor(d *agent.Dialect, goos string) Layout { return layoutOf(d.Layout, goos) }

// layoutOf is the Layout of a registration's layout name on the system goos (a Copilot CLI
// hook file carries "powershell" commands on Windows).
func layoutOf(name, goos string) Layout {
	switch name {
	case agent.LayoutFlat:
		return Flat
	case agent.LayoutCopilot:
		if goos == "windows" {
			return CopilotPowerShell
		}
		return Copilot
	case agent.LayoutWindsurf:
		return Windsurf
	case agent.LayoutRequirements:
		return Requirements
	}
	return Grouped
}

// Plan returns the entries install keeps for the agent: one per agent event that the config
// has hooks for (hooks whose agents exclude the agent do not count), through the agent's
// general event where several map to one hookctl event, plus the agent's own events of exactly
// the name of a custom event. events, when not empty, names the agent events to wire instead;
// each must be one of the agent's. skipped lists the named events left out for want of hooks.
func Plan(cfg *config.Config, d *agent.Dialect, events []string) (want []Want, skipped []string, err error) {
	if len(events) > 0 {
		return planEvents(cfg, d, events)
	}
	for _, m := range d.Events {
		if general, _ := d.InstallEvent(m.Event); general != m.AgentEvent && !d.WireAll {
			continue
		}
		if hooks := hooksFor(cfg, d, m.Event); len(hooks) > 0 {
			want = append(want, wantFor(cfg, d, m.AgentEvent, hooks))
		}
	}
	for _, name := range cfg.CustomEvents {
		if !slices.Contains(d.OtherEvents, name) {
			continue
		}
		if hooks := hooksFor(cfg, d, name); len(hooks) > 0 {
			want = append(want, wantFor(cfg, d, name, hooks))
		}
	}
	return withSessionCheck(cfg, d, want), nil, nil
}

// withSessionCheck adds the agent's session-start event to a wiring that has entries, where
// the agent shows the person a message from it (Claude Code, Gemini CLI): there hookctl tells
// the person, once a session, of the hooks it skips as not approved and of a guard's event
// taken out of the agent's settings (SPEC 18.3, 23.5), with no hook of its own to run.
func withSessionCheck(cfg *config.Config, d *agent.Dialect, want []Want) []Want {
	if len(want) == 0 || !d.SessionNotice {
		return want
	}
	ae, ok := d.InstallEvent("on_session_start")
	if !ok || slices.ContainsFunc(want, func(w Want) bool { return w.Event == ae }) {
		return want
	}
	if m, ok := d.Mapping(ae); !ok || !m.Honours.Has(agent.Notice) {
		return want
	}
	return append(want, wantFor(cfg, d, ae, nil))
}

func planEvents(cfg *config.Config, d *agent.Dialect, events []string) (want []Want, skipped []string, err error) {
	for _, name := range events {
		if !d.HasEvent(name) {
			return nil, nil, fmt.Errorf("%s has no event %q%s", d.Title, name, suggestEvent(d, name))
		}
		if slices.ContainsFunc(want, func(w Want) bool { return w.Event == name }) {
			continue
		}
		event := name
		if m, ok := d.Mapping(name); ok {
			event = m.Event
		}
		hooks := hooksFor(cfg, d, event)
		if len(hooks) == 0 {
			skipped = append(skipped, name)
			continue
		}
		want = append(want, wantFor(cfg, d, name, hooks))
	}
	return want, skipped, nil
}

func suggestEvent(d *agent.Dialect, name string) string {
	var all []string
	for _, m := range d.Events {
		all = append(all, m.AgentEvent)
	}
	all = append(all, d.OtherEvents...)
	if s := suggest.Closest(name, all); s != "" {
		return fmt.Sprintf(": did you mean %q?", s)
	}
	return "; its events: " + fmt.Sprint(all)
}

// hooksFor returns the event's hooks that run under the agent.
func hooksFor(cfg *config.Config, d *agent.Dialect, event string) []config.Hook {
	var out []config.Hook
	for _, h := range cfg.HooksFor(event) {
		if h.RunsUnder(d.Name) {
			out = append(out, h)
		}
	}
	return out
}

// wantFor is the entry of the agent event whose hooks are hooks: a timeout Margin above the
// longest the dispatch can take (Dispatch), in the agent's unit, and the same in whole seconds
// as hookctl's --deadline.
func wantFor(cfg *config.Config, d *agent.Dialect, event string, hooks []config.Hook) Want {
	limit := Dispatch(cfg, hooks) + Margin
	if d.Limit > 0 {
		limit = min(limit, d.Limit) // the agent waits no longer, whatever its hooks need (Cline)
	}
	return Want{Event: event, Timeout: d.Timeout(limit), Deadline: int64((limit + time.Second - 1) / time.Second)}
}

// Dispatch is the longest a dispatch of the hooks can take: the largest hook timeout when they
// start together, the sum of their timeouts plus 2 s each when the config runs them one by one
// (parallel: false).
func Dispatch(cfg *config.Config, hooks []config.Hook) time.Duration {
	var longest, sum time.Duration
	for _, h := range hooks {
		longest = max(longest, h.Timeout)
		sum += h.Timeout + turnGap
	}
	if !cfg.Parallel {
		return sum
	}
	return longest
}

// TargetFor is the target install edits for the agent: its settings file (or, for Cline, its
// hooks folder) at path, with entries that run the hookctl at bin.
func TargetFor(d *agent.Dialect, path, bin string, f RunFlags) Target {
	return targetFor(d, path, bin, f, runtime.GOOS)
}

// targetFor is TargetFor on the system goos: the entries are quoted for the shell the agent
// runs them with there (ShellFor), and a command that shell cannot be given is the target's
// Err, which Install returns before it reads or writes anything.
func targetFor(d *agent.Dialect, path, bin string, f RunFlags, goos string) Target {
	if f.ProjectWiring {
		// The committed file is read on every system: it is written alike wherever install
		// runs, its sh command first and each agent's Windows form beside it (portable.go).
		goos = "linux"
	}
	sh := ShellFor(d.Name, goos)
	if d.Plugin != nil {
		sh = POSIX // the plugin's call lines are read back as sh words and run as an argument vector
	}
	command, err := CommandLineFor(sh, bin, d.Name, f)
	t := Target{Agent: d.Name, Path: path, Layout: layoutFor(d, goos), Command: command, Shell: sh, Err: err,
		Name: programName(bin), EventArg: d.EventFromArgs, Portable: f.ProjectWiring, HookFiles: d.HookFiles, Comments: d.SettingsComments,
		HookSettings: d.HookSettings, Fail: wiredFailSwitch(d.Name), Plugin: d.Plugin != nil}
	if d.HookFiles {
		for _, m := range d.Events {
			t.Events = append(t.Events, m.AgentEvent)
		}
		t.Events = append(t.Events, d.OtherEvents...)
	}
	return t
}

// AgentWarnings are what the person must know about the agent once its entries are written:
// steps beyond install, and limits the agent sets that the hooks may pass.
func AgentWarnings(cfg *config.Config, d *agent.Dialect, want []Want, project bool) []string {
	var out []string
	if d.Name == "copilot" && project {
		out = append(out, "Copilot CLI runs a repository's hooks (.github/hooks) only in a folder you trust: "+
			"it skips them silently otherwise; trust this folder when Copilot CLI asks (or add it to trusted_folders in ~/.copilot/config.json)")
	}
	if d.Limit > 0 {
		limit := d.Limit - agent.DispatchMargin
		for _, w := range want {
			if took := Dispatch(cfg, hooksFor(cfg, d, eventOf(d, w.Event))); took > limit {
				out = append(out, fmt.Sprintf("%s's %s hooks may take %s, but %s waits at most %s for a hook: hookctl ends them at %s, and a fail_closed hook then blocks; shorten their timeouts",
					d.Title, w.Event, took, d.Title, d.Limit, limit))
			}
		}
	}
	return out
}

// eventOf is the hookctl event an agent event fires (a custom event: its own name).
func eventOf(d *agent.Dialect, agentEvent string) string {
	if m, ok := d.Mapping(agentEvent); ok {
		return m.Event
	}
	return agentEvent
}
