package main

import (
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/view"
)

// listOptions are the parsed arguments of `hooks list`.
type listOptions struct {
	asJSON bool
	agent  string
	wide   bool
	diff   bool
}

// listCommand builds `hooks list`; runF, when not nil, receives the parsed options in place of
// listRun (the parsing tests).
func (a *app) listCommand(runF func(listOptions) error) *cobra.Command {
	var o listOptions
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List every configured hook with its consent status, and the entries the config dropped",
		Example: `  hookctl hooks list
  hookctl hooks list --wide
  hookctl hooks list --diff
  hookctl hooks list --json | jq '.hooks[] | select(.consent.status != "approved")'`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.diff && o.asJSON {
				return usageErrorf("--diff goes with the tables, not with --json")
			}
			if runF != nil {
				return runF(o)
			}
			return a.listRun(o)
		},
	}
	cmd.Flags().BoolVar(&o.asJSON, "json", false, "print JSON (shape in the README)")
	cmd.Flags().BoolVar(&o.diff, "diff", false, "after the tables, show what changed in each script changed since approval (a unified diff against the approved copy)")
	cmd.Flags().BoolVar(&o.wide, "wide", false, "show every matcher and command whole, however wide the terminal")
	cmd.Flags().StringVar(&o.agent, "agent", "", "list only the hooks that run under this agent, with its events and the tools each matcher matches")
	_ = cmd.RegisterFlagCompletionFunc("agent", completeAgents) // cannot fail: the flag exists
	return cmd
}

func (a *app) listRun(o listOptions) error {
	s, err := a.sessionQuiet()
	if err != nil {
		return err
	}
	list, err := s.store.LoadOrNone()
	if err != nil {
		a.warn("warning: " + err.Error() + "; nothing is approved until it is fixed or removed")
	}
	out := view.Listing(s.loc.Config, s.cfg, list)
	guards := doctor.GuardFindings(s.cfg, s.store)
	wired := a.wired()
	unwired, switches := a.unwiredFindings(s, wired, nil), a.switchFindings(wired, nil, "")
	selfGuard := view.SelfGuardOf(a.guardSource(s.loc, false), s.cfg)
	walls, wallFindings := a.wallStates(s, wired, nil)
	out.Gather(view.ListParts{Guards: guards, Wired: wired, Unwired: unwired, Switches: switches, SelfGuard: selfGuard,
		Walls: walls, WallFindings: wallFindings, System: view.SystemOf(a.systemLayer("")), Project: a.projectView(),
		Projects: view.ApprovedProjects(s.loc.Home)})
	if o.agent != "" {
		d, err := agent.Lookup(o.agent)
		if err != nil {
			return usageErrorf("--agent: %v", err)
		}
		out.Hooks = view.ForAgent(d, s.cfg.Hooks, out.Hooks)
	}
	if o.asJSON {
		return a.printJSON(out)
	}
	width := 0
	if !o.wide {
		width = a.outputWidth(a.stdout)
	}
	a.printListing(out, width)
	if o.diff {
		_, _ = io.WriteString(a.stdout, view.ScriptDiffs(s.store, list, s.cfg.Hooks))
		_, _ = io.WriteString(a.stdout, view.ProjectDiffs(out.Project))
	}
	return nil
}

// printListing writes the listing as tables; width, when not 0, is the width every line must
// fit in (view.HookTable says how a table gives way).
func (a *app) printListing(out view.List, width int) {
	walls := make([]string, len(out.Walls))
	for i, w := range out.Walls {
		walls[i] = view.WallLine(w)
	}
	a.printDoc(view.ListHead(out, walls, width))
	a.printSystem(screen{w: a.stdout, width: width}, out.System)
	a.printDoc(view.ListBody(out, width))
}

func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return usageErrorf("%s takes no arguments, got %q", cmd.CommandPath(), args)
	}
	return nil
}

// wired returns hookctl's entries in the agents' user and project settings; a file that cannot
// be read is reported on stderr.
func (a *app) wired() []install.Wiring {
	out := []install.Wiring{}
	home, err := a.home()
	if err != nil {
		return out
	}
	cwd, _ := os.Getwd()
	ws, errs := install.Scan(home, cwd, filepath.Base(a.selfPath()), a.lookupEnv)
	for _, err := range errs {
		a.warn("warning: " + err.Error())
	}
	return append(out, ws...)
}
