// Package view builds what hookctl's views show (hooks list, validate, doctor) as data, from
// the layers as a run reads them and the verdicts the dispatch itself gives; the command layer
// prints it.
package view

import (
	"os"
	"slices"
	"strings"
	"time"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/runner"
)

// List is the stable shape of `hooks list --json` (README "JSON shapes").
type List struct {
	Config string `json:"config"`
	// Guards are the recorded guards not in force, and a guard record that cannot be read:
	// shown first, as errors (doctor's findings of check "guard").
	Guards   []doctor.Finding `json:"guards"`
	Problems []config.Problem `json:"problems"`
	Hooks    []Hook           `json:"hooks"`
	// Wired lists hookctl's entries in the agents' settings files (hookctl install).
	Wired []install.Wiring `json:"wired"`
	// SelfGuard is the built-in guard of hookctl's own state (SPEC 18.1), listed first.
	SelfGuard SelfGuard `json:"self_guard"`
	// System is the system level (SPEC 18.2), null when there is none.
	System *System `json:"system"`
	// Project is the project the working folder is in (SPEC 20), null when none.
	Project *Project `json:"project"`
	// Walls says per agent wired in the person's settings whether its commands run behind the
	// wall and whether the wall goes up here (doctor's walls).
	Walls []doctor.WallState `json:"walls"`
	// Projects are the projects whose hooks the person approved (the hookctl home's
	// projects/*.json), each named by the root its file records.
	Projects []ApprovedProject `json:"projects"`
}

// SelfGuard says whether the self-guard is on and what it keeps.
type SelfGuard struct {
	Command string `json:"command"`
	// On is false while no consent state exists: there is nothing of hookctl's to protect.
	On       bool     `json:"on"`
	Dirs     []string `json:"dirs"`
	Files    []string `json:"files"`
	Settings []string `json:"settings"`
}

// Hook is one hook of the person's config as list shows it.
type Hook struct {
	Event   string `json:"event"`
	Matcher string `json:"matcher"`
	Command string `json:"command"`
	// URL is set for a url hook, whose Command is the same text and which has no script.
	URL            string   `json:"url,omitempty"`
	Env            []string `json:"env,omitempty"`
	Argv           []string `json:"argv"`
	TimeoutS       float64  `json:"timeout_s"`
	TimeoutClamped bool     `json:"timeout_clamped"`
	FailClosed     bool     `json:"fail_closed"`
	Script         Script   `json:"script"`
	Consent        Consent  `json:"consent"`
	// Agents is the entry's agents list, when it has one.
	Agents []string `json:"agents,omitempty"`
	// Dialect is the protocol the entry's script speaks, when it names one.
	Dialect string `json:"dialect,omitempty"`
	// AgentEvents and Matches are set under --agent: the agent's events that run the hook, and
	// the agent's tools its matcher matches (tool events only).
	AgentEvents *[]string `json:"agent_events,omitempty"`
	Matches     *[]string `json:"matches,omitempty"`
	// MatchedTools are Matches under hookctl's names, each with the agent's tools it stands
	// for (terminal: Bash).
	MatchedTools *[]agent.ToolNames `json:"matched_tools,omitempty"`
}

// Script is a hook's script as list shows it.
type Script struct {
	Path       string `json:"path"`
	Exists     bool   `json:"exists"`
	Executable bool   `json:"executable"`
	// Files are the other files the command names by a path, pinned beside the script (the
	// program too: ./wrap, .venv/bin/python).
	Files []string `json:"files,omitempty"`
}

// Consent is a hook's consent as list shows it.
type Consent struct {
	Status     consent.Status `json:"status"`
	ApprovedAt *string        `json:"approved_at"`
	// ApprovedMatcher is the matcher the approval recorded, set only when it differs from the
	// configured one: the hook now runs for tools the person did not approve it for.
	ApprovedMatcher *string `json:"approved_matcher,omitempty"`
	// Changed says how the hook differs from what was approved, set only when it is changed.
	Changed string `json:"changed,omitempty"`
	// Missing says the approved script is gone (status changed): there is nothing to compare.
	Missing bool `json:"missing,omitempty"`
}

// Listing is the person's layer of the listing: the config at path, its problems, and each of
// its hooks with its script and its consent under list. The other fields are left empty.
func Listing(path string, cfg *config.Config, list *consent.Allowlist) List {
	out := List{Config: path, Problems: cfg.Problems, Hooks: []Hook{}}
	if out.Problems == nil {
		out.Problems = []config.Problem{}
	}
	for _, h := range cfg.Hooks {
		out.Hooks = append(out.Hooks, hookOf(h, list.Check(h)))
	}
	return out
}

// hookOf is hook h with its consent c.
func hookOf(h config.Hook, c consent.Check) Hook {
	lh := Hook{
		Event: h.Event, Matcher: h.Matcher, Command: h.Command, Env: h.Env, Argv: h.Argv,
		TimeoutS: h.Timeout.Seconds(), TimeoutClamped: h.TimeoutClamped, FailClosed: h.FailClosed,
		Consent: Consent{Status: c.Status}, Agents: h.Agents, Dialect: h.Dialect, URL: h.URL,
	}
	if c.Approval != nil {
		at := c.Approval.ApprovedAt.UTC().Format(time.RFC3339)
		lh.Consent.ApprovedAt = &at
		if c.MatcherChanged {
			lh.Consent.ApprovedMatcher = &c.Approval.Matcher
		}
	}
	if c.Status == consent.StatusChanged {
		lh.Consent.Changed = strings.TrimPrefix(c.Reason, "changed since approval: ")
		lh.Consent.Missing = c.Missing
	}
	lh.Script.Path, lh.Script.Files = h.ResolveScript(), h.Files
	if fi, err := os.Stat(lh.Script.Path); err == nil && lh.Script.Path != "" {
		lh.Script.Exists = true
		lh.Script.Executable = fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
	}
	return lh
}

// ForAgent keeps the hooks that run under the agent and adds the agent's events that run
// them and the agent's tools their matchers match. hooks and listed are in the same order.
func ForAgent(d *agent.Dialect, hooks []config.Hook, listed []Hook) []Hook {
	out := []Hook{}
	for i, h := range hooks {
		if !h.RunsUnder(d.Name) {
			continue
		}
		lh := listed[i]
		events := d.HookEvents(h.Event)
		if events == nil {
			events = []string{}
		}
		lh.AgentEvents = &events
		if config.IsToolEvent(h.Event) {
			matches := h.MatchedTools(d)
			named := d.NameTools(matches)
			if matches == nil {
				matches, named = []string{}, []agent.ToolNames{}
			}
			lh.Matches, lh.MatchedTools = &matches, &named
		}
		out = append(out, lh)
	}
	return out
}

// SelfGuardOf is the self-guard as a run of the tool event would hold it, with src's guards
// and the person's config cfg.
func SelfGuardOf(src runner.GuardSource, cfg *config.Config) SelfGuard {
	out := SelfGuard{Command: runner.SelfGuardName, Dirs: []string{}, Files: []string{}, Settings: []string{}}
	_, held, _ := runner.GuardsFor(src, "pre_tool_call", cfg, nil)
	if self := held.Self; self != nil {
		out.On = true
		out.Dirs = append(append(out.Dirs, self.Protected.Trees...), self.Protected.Dirs...)
		out.Files = append(out.Files, self.Protected.Files...)
		out.Settings = append(out.Settings, self.Protected.Settings...)
	}
	return out
}

// WiredTo names the agents wired to the event: "claude-code, cursor (project)".
func WiredTo(ws []install.Wiring, event string) string {
	var names []string
	for _, w := range ws {
		name := w.Agent
		if w.Scope == "project" {
			name += " (project)"
		}
		if w.Event == event && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return strings.Join(names, ", ")
}
