package casetable

import (
	"fmt"

	"github.com/hookctl/hookctl/internal/termsafe"
	"github.com/hookctl/hookctl/runner"
)

// Outcome is the verdict a dispatch's result gave the call, in a case's words: block, ask,
// modify (allowed with the input rewritten) or allow.
func Outcome(res *runner.Result) string {
	switch {
	case res.Halt || res.Decision == "block":
		return "block"
	case res.Decision == "ask":
		return "ask"
	case res.ToolInput != nil:
		return "modify"
	}
	return "allow"
}

// Judge says why the result fails the case, "" when it passes. A hook that was skipped fails
// the case whatever the verdict, naming the fix: a table proves the hooks it runs, not the
// ones consent left out.
func Judge(c Case, res *runner.Result) string {
	for _, h := range res.Hooks {
		if h.Status == runner.StatusSkippedUnapproved || h.Status == runner.StatusSkippedChanged {
			return fmt.Sprintf("hook %s was skipped (%s): %s", h.Command, h.Status, h.Message)
		}
	}
	if got := Outcome(res); got != c.Expect {
		if res.Reason != "" {
			return fmt.Sprintf("got %s, want %s (%s)", got, c.Expect, res.Reason)
		}
		return fmt.Sprintf("got %s, want %s", got, c.Expect)
	}
	return ""
}

// Report is the line a run of the table in file prints for the case, its control characters
// escaped: ok, or FAIL with why (Judge).
func (c Case) Report(file, why string) string {
	where := termsafe.String(fmt.Sprintf("%s:%d", file, c.Line))
	if why == "" {
		return fmt.Sprintf("ok    %s  %s: %s", where, termsafe.String(c.Label()), c.Expect)
	}
	return fmt.Sprintf("FAIL  %s  %s: %s", where, termsafe.String(c.Label()), termsafe.String(why))
}
