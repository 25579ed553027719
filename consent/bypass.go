package consent

// Bypass is what may bypass consent for one run: --accept-hooks, HOOKCTL_ACCEPT_HOOKS, and
// whether the run answers an agent (run --agent), where the environment and config.yaml
// vouch for less.
type Bypass struct {
	// Flag is --accept-hooks, which a CI machine writes into its wiring.
	Flag bool
	// Env is HOOKCTL_ACCEPT_HOOKS set to a yes (config.AcceptHooksEnv).
	Env bool
	// UnderAgent is set under run --agent.
	UnderAgent bool
}

// Bypass notes: what a run under an agent ignored, said on stderr and in its audit entry.
const (
	NoteEnvIgnored        = "HOOKCTL_ACCEPT_HOOKS is ignored under run --agent (an agent's tools can set it); a CI machine writes the flag into its wiring: hookctl install AGENT --accept-hooks"
	NoteAutoAcceptIgnored = "hooks_auto_accept is ignored under run --agent until you turn it on at your own terminal: hookctl hooks auto-accept on"
)

// Person reports whether consent is bypassed for the person's own hooks: --accept-hooks,
// HOOKCTL_ACCEPT_HOOKS, or hooks_auto_accept (autoAccept, from config.yaml).
//
// Under run --agent, where the agent's own tools can edit config.yaml and its project files can
// set a hook's environment (SPEC 23.1), HOOKCTL_ACCEPT_HOOKS is ignored, and hooks_auto_accept
// counts only while store's allowlist records that the person turned it on at a terminal
// (read only then). notes say what was ignored.
func (b Bypass) Person(autoAccept bool, store *Store) (bypass bool, notes []string) {
	if b.Flag {
		return true, nil
	}
	if !b.UnderAgent {
		return autoAccept || b.Env, nil
	}
	if b.Env {
		notes = append(notes, NoteEnvIgnored)
	}
	if !autoAccept {
		return false, notes
	}
	if list, err := store.Load(); err == nil && list.AutoAccept != nil {
		return true, notes
	}
	return false, append(notes, NoteAutoAcceptIgnored)
}

// Project reports whether consent is bypassed for a project's hooks: --accept-hooks (a CI
// machine's wiring), and HOOKCTL_ACCEPT_HOOKS outside run --agent; never hooks_auto_accept,
// which is the person's setting for their own hooks, so that nothing of a fresh clone runs
// unapproved on a machine where it is on.
func (b Bypass) Project() bool {
	return b.Flag || !b.UnderAgent && b.Env
}
