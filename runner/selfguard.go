package runner

import (
	"context"
	"path/filepath"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/agentenv"
	"github.com/hookctl/hookctl/internal/lazy"
	"github.com/hookctl/hookctl/selfguard"
)

// SelfGuardName names the built-in self-guard wherever a hook's command would be shown: in
// results, the audit log, list and doctor.
const SelfGuardName = "(built in) hookctl self-guard"

// SelfGuard is hookctl's built-in guard of its own state (SPEC 18.1, 23.6): on the tool event,
// before any configured hook, it denies a tool call that would change the allowlist, the guard
// record, a pinned file of a guard, the hookctl home or system folder as a whole, the agent
// settings install wrote, or hookctl's binaries, or run a hookctl consent command. It runs in
// process: the judgement is selfguard.Judge.
type SelfGuard struct {
	Protected selfguard.Protected
	// Home is the person's HOME, for ~ in the call.
	Home string
}

// selfGuardOf is the self-guard of a run, nil when no consent state exists at all (SPEC 23.6,
// 24.7): no allowlist, no guard record, no wiring (neither remembered nor --guarded) and no
// project's approvals; nothing of hookctl's to protect. It protects consent.ProtectedState (the
// whole home but config.yaml and the audit log), the system folder, the files Protect names
// and each pinned file of a recorded guard.
func selfGuardOf(src GuardSource, store *consent.Store, recorded []consent.Guard, gone bool) *SelfGuard {
	var files, settings []string
	if src.Protect != nil {
		files, settings = src.Protect()
	}
	if gone && len(recorded) == 0 && len(settings) == 0 && !src.Guarded && !consent.ProjectApprovalsExist(src.Home) {
		return nil
	}
	home := src.Home
	if home == "" {
		home = filepath.Dir(store.Path) // the allowlist's folder stands for the home
	}
	st := consent.ProtectedState(config.Locations{Home: home, Allowlist: store.Path})
	p := selfguard.Protected{Settings: settings, Trees: append(st.Trees, pluginFolders(settings)...), Except: st.Except}
	if abs, err := filepath.Abs(config.SystemDir); err == nil && config.SystemDir != "" {
		p.Dirs = append(p.Dirs, abs)
	}
	p.Files = append(p.Files, st.Files...)
	p.Files = append(p.Files, files...)
	for _, g := range recorded {
		for _, f := range g.Files {
			p.Files = append(p.Files, f.Path)
		}
	}
	p.Agents = nestedAgents()
	return &SelfGuard{Protected: p, Home: src.PersonHome}
}

var nestedAgentsOnce lazy.Value[[]selfguard.Nested]

// nestedAgents are the agents whose start with a flag or variable that drops or moves their
// hook settings the self-guard denies (SPEC 28.7): every agent with such escapes, wired or not.
// The wiring memory is not asked: it may not know of an agent wired by hand, by a project's
// settings or at the system level, and an agent started so from inside another is no work the
// guarded agent needs done; the list is read from the registrations once, with no file opened.
func nestedAgents() []selfguard.Nested {
	return nestedAgentsOnce.Get(func() []selfguard.Nested {
		var out []selfguard.Nested
		for _, d := range agent.Dialects() {
			sw := d.Switches()
			programs, packages := agentenv.Programs(d.Name)
			if len(sw.Escapes) == 0 || len(programs)+len(packages) == 0 {
				continue
			}
			n := selfguard.Nested{Agent: d.Title, Programs: programs, Packages: packages}
			for _, e := range sw.Escapes {
				if e.Flag != "" {
					n.Flags = append(n.Flags, e.Flag)
				}
				if e.Env != "" {
					n.Envs = append(n.Envs, e.Env)
				}
			}
			out = append(out, n)
		}
		return out
	})
}

// selfGuardBlocks judges the call by the self-guard, first of all (SPEC 18.1): a denial is one
// blocked result and blocking effect, and the call goes no further. ctx ends the judgement (the
// deadline, a signal): a call still being judged then is denied (SPEC 24.7).
func (d *Dispatcher) selfGuardBlocks(ctx context.Context, f *firing) ([]HookResult, []effect) {
	s := d.Guards.Self
	if s == nil || f.event != "pre_tool_call" || !f.blocking() {
		return nil, nil
	}
	tool := ""
	if f.tool != nil {
		tool = *f.tool
	}
	reason, deny := selfguard.JudgeContext(ctx, s.Protected, selfguard.Call{Tool: tool, Input: f.toolInput, Cwd: f.cwd, Home: s.Home})
	if !deny {
		return nil, nil
	}
	e := effect{block: true, message: reason, command: SelfGuardName, warning: reason}
	if f.mapping.Honours.Has(agent.Notice) {
		e.systemMessage = reason // the person sees it too (SPEC 18.3)
	}
	return []HookResult{{Command: SelfGuardName, Status: StatusBlocked, Message: reason}}, []effect{e}
}

// pluginFolders are the plugin folders of the plugin agents among the protected settings
// (their hookctl plugin's folder): every plugin there runs inside the agent before or after
// hookctl's, so a new one is as much a hooks-off switch as a change to hookctl's (SPEC 28.14),
// and the folder is protected whole.
func pluginFolders(settings []string) []string {
	var out []string
	for _, f := range settings {
		if filepath.Base(f) == agent.PluginFile {
			out = append(out, filepath.Dir(f))
		}
	}
	return out
}
