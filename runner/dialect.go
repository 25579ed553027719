package runner

import (
	"fmt"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/jsonx"
)

// fed is one hook's view of a firing (SPEC 19): the payload it is given and the job its answer
// is read in. A hook with no dialect, or with the calling agent's, gets the firing's own.
type fed struct {
	job
	stdin []byte
	// script is the hook's dialect when it is not the agent's, nil otherwise; tool is the
	// tool's name in it.
	script *agent.Dialect
	tool   string
}

// feed translates the firing's payload (stdin, as the hooks before may have rewritten it) into
// the protocol the hook's script speaks.
func (f *firing) feed(h config.Hook, stdin []byte) (fed, error) {
	script, err := agent.ForScript(h.Dialect)
	if err != nil {
		return fed{}, err
	}
	if script == nil || script == f.dialect {
		return fed{job: f.job, stdin: stdin}, nil
	}
	call := f.call
	if f.dialect.ChainsPayload() { // the payload as the hooks before may have rewritten it
		if call, err = f.dialect.ReadPayload(stdin); err != nil {
			return fed{}, err
		}
		if v, ok := f.payload.Extra["user_message"]; ok && len(v) > 0 && v[0] == '"' {
			call.Prompt, _ = jsonx.Unquote(v)
		}
	}
	in, err := script.Feed(f.dialect, call, f.mapping, stdin)
	if err != nil {
		return fed{}, err
	}
	return fed{job: job{dialect: script, mapping: in.Mapping}, stdin: in.Payload, script: script, tool: in.Tool}, nil
}

// toolName is the tool's name as the hook's dialect names it: the call's own when the hook
// is fed the agent's payload.
func (in fed) toolName(f *firing) *string {
	if in.script != nil && in.tool != "" {
		return &in.tool
	}
	return f.tool
}

// rewriteBack puts a rewrite the hook gave in its dialect's keys into the agent's, laid over
// the call's input. One that cannot be carried is a deny (SPEC 23.2, 9.4): never dropped.
func (f *firing) rewriteBack(h config.Hook, in fed, hr *HookResult, e *effect) {
	if in.script == nil || e.modify == nil {
		return
	}
	var err error
	if f.tool == nil {
		err = fmt.Errorf("the call has no tool")
	} else {
		obj, _ := appendObject(nil, e.modify) // values came from parsed JSON: cannot fail
		var back []byte
		if back, err = in.script.RewriteTo(f.dialect, in.tool, *f.tool, obj); err == nil {
			if m := object(back); m != nil {
				e.modify, e.replace = m, false
				return
			}
			err = fmt.Errorf("not an object")
		}
	}
	e.modify, e.replace = nil, false
	e.block = true
	e.message = fmt.Sprintf("confirmation required: hook %s rewrote the tool input in a form %s cannot take (%v)", h.Command, f.dialect.Title, err)
	hr.Status, hr.Message, hr.Directive = StatusBlocked, e.message, "block"
}
