package main

import (
	"fmt"

	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/view"
	"github.com/spf13/cobra"
)

// autoAcceptCommand builds `hooks auto-accept on|off`: under run --agent, hooks_auto_accept
// counts only while the allowlist records that the person turned it on at a terminal (SPEC
// 23.1), since the agent's own tools can write config.yaml.
func (a *app) autoAcceptCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "auto-accept on|off",
		Short: "Let hooks_auto_accept: true count under agents (on), or not (off); at a terminal only",
		Long: `hooks_auto_accept: true in config.yaml runs every hook without an approval. Under
run --agent (an agent's wiring) it counts only after the person turned it on here, at their own
terminal: the agent's tools can edit config.yaml, not this record. "off" takes the record out.
Recorded guards and the system level hold either way.`,
		Example:   "  hookctl hooks auto-accept on\n  hookctl hooks auto-accept off",
		ValidArgs: []string{"on", "off"},
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 || args[0] != "on" && args[0] != "off" {
				return usageErrorf("auto-accept takes on or off")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error { return a.autoAcceptRun(args[0] == "on") },
	}
}

func (a *app) autoAcceptRun(on bool) error {
	what := consent.AutoAcceptCommand(on)
	if err := a.refuseUnderAgent(what); err != nil {
		return err
	}
	s, err := a.session()
	if err != nil {
		return err
	}
	in, stop := a.interrupts(true)
	defer stop()
	if on {
		yes, asked := askTTY(in, consent.AutoAcceptQuestion(s.loc.Config))
		if err := view.AutoAcceptAnswer(what, yes, asked); err != nil {
			return failuref("%w", err)
		}
	}
	s.store.Interrupt = in.ctx.Done()
	changed, err := s.store.SetAutoAccept(on)
	if err != nil {
		return storeError(in, err)
	}
	fmt.Fprintf(a.stdout, "auto-accept %s (%s)\n", consent.AutoAcceptState(on, changed), terminalSafe(s.store.Path))
	return nil
}
