package runner

import (
	"os"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// ProjectDispatcher is the dispatcher of a repository's layer (SPEC 20): its config, consent
// gated by gate (over the project's own approvals, p.Store), held to the project's recorded
// guards. Its hooks run in the repository's root, with $CLAUDE_PROJECT_DIR set to it on top of
// env (nil: hookctl's own environment).
func ProjectDispatcher(p *consent.Project, gate Consent, env []string) *Dispatcher {
	cfg := p.Config
	if p.ConfigErr != nil && len(p.Guards) == 0 && p.GuardErr == nil && len(p.Lost) == 0 {
		cfg = &config.Config{Path: cfg.Path, Dir: p.Root, Root: p.Root} // nothing to hold: no hooks
	}
	return &Dispatcher{Config: cfg, Consent: gate, Dir: p.Root, Env: setEnv(env, config.ProjectDirVar, p.Root),
		Guards: Guards{Recorded: p.Guards, Err: p.GuardErr, Lost: p.Lost}}
}

// joinProject adds the project layer's result to the person's (which did not block). A
// rewrite is not carried across the two: the person's rewrite with a project hook that judged
// the call as it was, or a project hook's rewrite of a call the person's hooks judged, makes
// the call block (SPEC 23.2), toward the guard.
func joinProject(res, pres *Result) *Result {
	judged := len(ran(res.Hooks)) > 0
	out := pres
	out.Hooks = append(ran(res.Hooks), pres.Hooks...)
	out.Warnings = append(append([]string{}, res.Warnings...), pres.Warnings...)
	out.Context = joinNonEmpty("\n\n", res.Context, pres.Context)
	out.SystemMessage = joinNonEmpty("\n", res.SystemMessage, pres.SystemMessage)
	if !out.Halt && res.Halt {
		out.Halt, out.StopReason = true, res.StopReason
	}
	if out.Result == nil {
		out.Result = res.Result
	}
	if out.Decision == DecisionBlock {
		return out
	}
	if out.Decision == DecisionAllow && res.Decision != DecisionAllow {
		out.Decision, out.Reason = res.Decision, res.Reason
	}
	switch {
	case res.ToolInput != nil && len(ran(pres.Hooks)) > 0:
		return blockedBy(out, "confirmation required: a hook rewrote the call, and the project's hooks judged it as it was; hookctl does not carry a rewrite across layers")
	case pres.ToolInput != nil && judged:
		return blockedBy(out, "confirmation required: a project hook rewrote a call the person's hooks judged as it was, and they cannot judge the new input")
	case res.ToolInput != nil:
		out.ToolInput, out.RewrittenBy = res.ToolInput, res.RewrittenBy
	}
	return out
}

// setEnv returns env (hookctl's own environment when nil) with name set to value (config.WithVar).
func setEnv(env []string, name, value string) []string {
	if env == nil {
		env = os.Environ()
	}
	return config.WithVar(env, name, value)
}
