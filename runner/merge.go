package runner

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
)

// mergeInto folds the effects into the result, in config order, over the call's tool input.
func mergeInto(res *Result, toolInput json.RawMessage, effects []effect, field string) {
	var contexts, notices []string
	rw := rewriter{input: toolInput}
	var asked, continued *effect
	for i := range effects {
		e := &effects[i]
		if e.block && res.Decision != DecisionBlock {
			res.Decision, res.Reason = DecisionBlock, e.message
			res.UserMessage, res.AgentMessage = e.userMessage, e.agentMessage
		}
		if e.halt && !res.Halt {
			res.Halt, res.StopReason = true, e.stopReason
		}
		res.Allowed = res.Allowed || e.allow
		res.SuppressOutput = res.SuppressOutput || e.suppress
		if e.ask && asked == nil {
			asked = e
		}
		if e.cont && continued == nil {
			continued = e
		}
		if e.context != "" {
			contexts = append(contexts, e.context)
		}
		if e.systemMessage != "" {
			notices = append(notices, e.systemMessage)
		}
		if rw.add(e) && (e.replace || res.RewrittenBy == "") {
			res.RewrittenBy = e.command
		}
		if e.result != nil && field != "" {
			res.Result = e.result
		}
	}
	res.Context = strings.Join(contexts, "\n\n")
	res.SystemMessage = strings.Join(notices, "\n")
	if res.Decision == DecisionBlock {
		return
	}
	switch {
	case continued != nil:
		res.Decision, res.Reason = DecisionContinue, continued.message
		res.UserMessage, res.AgentMessage = continued.userMessage, continued.agentMessage
	case asked != nil:
		res.Decision, res.Reason = DecisionAsk, asked.message
		res.UserMessage, res.AgentMessage = asked.userMessage, asked.agentMessage
	}
	res.ToolInput, res.Dropped = rw.result(), rw.dropped()
}

// rewriter folds hooks' rewrites of the tool input in config order: a partial rewrite is merged
// shallowly over the input so far (later keys win); a whole new input (Claude Code's
// updatedInput) replaces it, the first in config order winning, and drops the rewrites merged
// before it with the input they rewrote.
type rewriter struct {
	input    json.RawMessage            // the call's tool input
	modified map[string]json.RawMessage // nil while no hook rewrote it
	replaced bool
}

// add folds in e's rewrite and reports whether it took effect.
func (r *rewriter) add(e *effect) bool {
	switch {
	case e.modify == nil:
		return false
	case e.replace:
		if r.replaced {
			return false
		}
		r.modified, r.replaced = maps.Clone(e.modify), true
	default:
		if r.modified == nil {
			r.modified = object(r.input)
			if r.modified == nil {
				r.modified = map[string]json.RawMessage{}
			}
		}
		maps.Copy(r.modified, e.modify)
	}
	return true
}

// dropped are the keys of the call's input that a whole new input left out, sorted; nil when
// no hook replaced the input. An agent that merges a rewrite into the input (Factory Droid)
// cannot carry their removal.
func (r *rewriter) dropped() []string {
	if !r.replaced {
		return nil
	}
	var out []string
	for k := range object(r.input) {
		if _, ok := r.modified[k]; !ok {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// result is the rewritten input, nil when no hook rewrote it.
func (r *rewriter) result() json.RawMessage {
	if r.modified == nil {
		return nil
	}
	out, _ := appendObject(nil, r.modified) // values came from parsed JSON: cannot fail
	return out
}
