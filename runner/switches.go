package runner

import (
	"github.com/hookctl/hookctl/agent"
)

// SwitchCheckName names hookctl's check of the agent's own hooks-off switches wherever a
// hook's command would be shown: in results, the audit log, list and doctor.
const SwitchCheckName = "(built in) hookctl switch check"

// switchBlocks blocks a tool call while the calling agent's own settings switch its hooks off
// (SPEC 24.3, 28.6): the switch may take effect only at the agent's next session, and until
// then hookctl still sees the calls; each is refused with the fix, and the person is told
// where the agent shows its user a notice. A switch file that cannot be judged blocks only
// while a guard is recorded for the event (or the record cannot be trusted): it may hold the
// switch, and a guard fails toward blocking; without a guard the caller warns of it.
func (d *Dispatcher) switchBlocks(f *firing) ([]HookResult, []effect) {
	if len(d.Guards.Switches) == 0 || !f.blocking() || (f.event != "pre_tool_call" && f.event != "post_tool_call") {
		return nil, nil
	}
	guarded := len(d.Guards.Recorded) > 0 || d.Guards.Err != nil
	var hrs []HookResult
	var effects []effect
	for _, s := range d.Guards.Switches {
		msg := "hookctl: " + s.Message() + "; " + s.Fix()
		if s.Err != nil && !guarded {
			continue
		}
		hrs = append(hrs, HookResult{Command: SwitchCheckName, Status: StatusBlocked, Message: msg})
		e := effect{block: true, message: msg, command: SwitchCheckName, warning: msg}
		if f.mapping.Honours.Has(agent.Notice) {
			e.systemMessage = msg // the person sees it too (SPEC 18.3)
		}
		effects = append(effects, e)
	}
	return hrs, effects
}

// WallCheckName names hookctl's check that an agent wired to run behind the wall does.
const WallCheckName = "(built in) hookctl wall check"

// wallBlocks blocks a tool call of an agent wired to run behind the kernel wall that does not
// come from behind it (Guards.Wall): its commands could change what the wall keeps.
func (d *Dispatcher) wallBlocks(f *firing) (*HookResult, *effect) {
	if d.Guards.Wall == "" || !f.blocking() || (f.event != "pre_tool_call" && f.event != "post_tool_call") {
		return nil, nil
	}
	msg := d.Guards.Wall
	e := &effect{block: true, message: msg, command: WallCheckName, warning: msg}
	if f.mapping.Honours.Has(agent.Notice) {
		e.systemMessage = msg
	}
	return &HookResult{Command: WallCheckName, Status: StatusBlocked, Message: msg}, e
}
