package runner

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// systemConsent gates a system hook (SPEC 18.2): in force only when everything it runs is
// root's alone (consent.CheckSystemHook) and root approved it; no prompt, no bypass.
type systemConsent struct {
	gate *consent.Gate
	warn func(string)
}

// Decide approves a system hook root approved whose files are root's alone.
func (c systemConsent) Decide(ctx context.Context, h config.Hook, s consent.Script) consent.Status {
	if err := consent.CheckSystemHook(h); err != nil {
		if c.warn != nil {
			c.warn(err.Error())
		}
		return consent.StatusNotApproved
	}
	return c.gate.Decide(ctx, h, s)
}

// SystemDispatcher is the dispatcher of the system layer (SPEC 18.2, 23.3): its config, root's
// approvals with no prompt and no bypass, its own guard record, and the fixed environment
// (config.SystemEnv, with the person's HOME). A system layer that cannot be trusted blocks
// every event a guard could cover, naming why.
func SystemDispatcher(sys *consent.System, personHome string, warn func(string)) *Dispatcher {
	if sys.Err != nil {
		return &Dispatcher{Config: config.Unread(sys.Loc.Config), Guards: Guards{Err: sys.Err}}
	}
	gate := &consent.Gate{Store: consent.NewSystemStore(), Warn: warn}
	return &Dispatcher{Config: sys.Config, Consent: systemConsent{gate: gate, warn: warn},
		Env: config.SystemEnv(personHome), Home: sys.Loc.Home, Guards: Guards{Recorded: sys.Guards}}
}

// Layered fires one event at the system layer, then at the person's (SPEC 18.2, 23.3): fire
// dispatches on a dispatcher, person builds the person's (reading the person's config only
// then). A block of the system layer is the answer and the person's layer is not read; else
// the person's result carries the system hooks' results first, and their context and notices.
// What the system layer cannot hand across layers makes the call block, toward the guard: a
// rewrite by a system hook, and a rewrite by the person's hooks of a call a system guard
// judged (SPEC 23.2). sys nil is no system layer.
//
// project, when not nil, fires the project's layer after the person's (SPEC 20): it returns
// nil when the project has nothing for the call. It is not fired once the person's layer
// blocked.
func Layered(sys *consent.System, personHome string, warn func(string), event string,
	fire func(*Dispatcher) (*Result, error), person, project func() (*Result, error)) (*Result, error) {
	res, err := layered(sys, personHome, warn, event, fire, person)
	if err != nil || project == nil || res.Decision == DecisionBlock {
		return res, err
	}
	pres, err := project()
	if err != nil {
		return nil, fmt.Errorf("the project layer: %w", err)
	}
	if pres == nil {
		return res, nil
	}
	return joinProject(res, pres), nil
}

// layered fires the system layer, then the person's.
func layered(sys *consent.System, personHome string, warn func(string), event string,
	fire func(*Dispatcher) (*Result, error), person func() (*Result, error)) (*Result, error) {
	if sys == nil {
		return person()
	}
	sd := SystemDispatcher(sys, personHome, warn)
	if sys.Err == nil && !sd.Config.KnownEvent(event) {
		return person() // an event of the person's own (custom_events): none of the system's
	}
	sres, err := fire(sd)
	if err != nil {
		return nil, fmt.Errorf("the system layer: %w", err)
	}
	if sres.Decision == DecisionBlock {
		return sres, nil
	}
	if sres.ToolInput != nil {
		return blockedBy(sres, "confirmation required: a system hook rewrote the call, and hookctl does not carry a rewrite across layers"), nil
	}
	res, err := person()
	if err != nil {
		return nil, err
	}
	merged := append(ran(sres.Hooks), res.Hooks...)
	res.Hooks = merged
	res.Warnings = append(append([]string{}, sres.Warnings...), res.Warnings...)
	res.Context = joinNonEmpty("\n\n", sres.Context, res.Context)
	res.SystemMessage = joinNonEmpty("\n", sres.SystemMessage, res.SystemMessage)
	if res.Decision == DecisionAllow && sres.Decision != DecisionAllow {
		res.Decision, res.Reason = sres.Decision, sres.Reason
	}
	if res.ToolInput != nil && systemJudged(sres) {
		return blockedBy(res, "confirmation required: a hook rewrote a call a system guard judged as it was, and the system guard cannot judge the new input"), nil
	}
	return res, nil
}

// layerOf is the layer a result names: "system" or "project", "" for the person's.
func layerOf(h config.Hook) string {
	if h.Layer == config.LayerSystem || h.Layer == config.LayerProject {
		return h.Layer
	}
	return ""
}

// ran keeps the results of hooks that matched the call.
func ran(hrs []HookResult) []HookResult {
	var out []HookResult
	for _, h := range hrs {
		if h.Status != StatusNoMatch {
			out = append(out, h)
		}
	}
	return out
}

// systemJudged reports whether a system hook judged the call.
func systemJudged(res *Result) bool { return len(ran(res.Hooks)) > 0 }

// blockedBy turns res into a block with reason: nothing of it goes ahead.
func blockedBy(res *Result, reason string) *Result {
	res.Decision, res.Reason, res.ToolInput, res.Allowed = DecisionBlock, reason, nil, false
	res.Warnings = append(res.Warnings, reason)
	return res
}

func joinNonEmpty(sep string, parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}
