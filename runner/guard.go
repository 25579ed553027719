package runner

import (
	"fmt"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// GuardFix is the step every guard block names: only a person at a terminal can approve a
// state that drops a guard (SPEC 17.1).
const GuardFix = "at a terminal, run `hookctl hooks doctor`, then `hookctl hooks approve`"

// guardBlocks returns, when a recorded guard covering the call is not in force, one blocked
// result and blocking effect per such guard (SPEC 14.2): the call goes no further. An
// guard record that cannot be read or trusted blocks every call of an event a guard could
// cover: pre_tool_call, and pre_llm_call where a hook can refuse the prompt. Nil when every guard covering the call
// is configured as it was approved, or the event cannot block here.
func (d *Dispatcher) guardBlocks(f *firing) ([]HookResult, []effect) {
	if !f.blocking() {
		return nil, nil
	}
	var hrs []HookResult
	var effects []effect
	add := func(command, why string) {
		msg := fmt.Sprintf("blocked by guard %s: %s; %s", command, why, GuardFix)
		hrs = append(hrs, HookResult{Command: command, Status: StatusBlocked, Message: msg})
		effects = append(effects, effect{block: true, message: msg, command: command, warning: msg})
	}
	if d.GuardsErr != nil && config.GuardEvent(f.event) {
		add("record", d.GuardsErr.Error())
		return hrs, effects
	}
	for _, gap := range consent.Gaps(d.Guards, d.Config, f.event) {
		if gap.Guard.Covers(f.event, f.dialect.Name, f.tool, true) {
			add(gap.Guard.String(), gap.Why)
		}
	}
	return hrs, effects
}
