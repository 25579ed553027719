package config

import "slices"

// Guard reports whether the hook is a guard (SPEC 17.3): a fail_closed entry of an event whose
// block stops the action, pre_tool_call (a tool call refused) or pre_llm_call under an agent
// that lets a hook refuse a prompt. Loading already turned fail_closed off where no agent the
// entry runs under can block, so on pre_llm_call it is left on only where a block refuses the
// prompt. Elsewhere (a Stop hook, say) fail_closed keeps its meaning and makes no guard.
func (h Hook) Guard() bool {
	return h.FailClosed && GuardEvent(h.Event)
}

// GuardEvent reports whether entries of the event can be guards, so whether a run of it must
// look at the recorded guards at all.
func GuardEvent(event string) bool { return event == "pre_tool_call" || event == "pre_llm_call" }

// MatcherList is the hook's matcher as a list of strings, as an approval records it (a string
// is a list of one): nil for a hook that matches every tool (no matcher, "" or "*", or a
// matcher array holding one of them).
func (h Hook) MatcherList() []string {
	list := h.Matchers
	if list == nil {
		list = []string{h.Matcher}
	}
	for _, m := range list {
		if m == "" || m == "*" {
			return nil
		}
	}
	return slices.Clone(list)
}
