package view

import (
	"fmt"

	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/doctor"
)

// SystemHook is one hook of the system level as list shows it (SPEC 18.2).
type SystemHook struct {
	Event      string `json:"event"`
	Matcher    string `json:"matcher"`
	Command    string `json:"command"`
	FailClosed bool   `json:"fail_closed"`
	// InForce is true when root approved it and everything it runs is root's alone; Why says
	// otherwise why not.
	InForce bool   `json:"in_force"`
	Why     string `json:"why,omitempty"`
}

// System is the system level in `hooks list --json`, null when there is none.
type System struct {
	Dir   string       `json:"dir"`
	Error string       `json:"error,omitempty"`
	Hooks []SystemHook `json:"hooks"`
}

// SystemOf is the system level sys as a run reads it (every event), nil when there is none.
func SystemOf(sys *consent.System) *System {
	if sys == nil {
		return nil
	}
	out := &System{Dir: sys.Loc.Home, Hooks: []SystemHook{}}
	if sys.Err != nil {
		out.Error = sys.Err.Error()
		return out
	}
	for _, h := range sys.Config.Hooks {
		sh := SystemHook{Event: h.Event, Matcher: h.Matcher, Command: h.Command, FailClosed: h.FailClosed, InForce: true}
		if err := consent.CheckSystemHook(h); err != nil {
			sh.InForce, sh.Why = false, err.Error()
		} else if c := sys.Allowlist.Check(h); c.Status != consent.StatusApproved {
			sh.InForce, sh.Why = false, fmt.Sprintf("%s by root: as root, hookctl hooks approve --system %s --event %s", c.Status, h.Command, h.Event)
		}
		out.Hooks = append(out.Hooks, sh)
	}
	for _, gap := range consent.Gaps(sys.Guards, sys.Config, "") {
		out.Hooks = append(out.Hooks, SystemHook{Event: gap.Guard.Event, Command: gap.Guard.Command, FailClosed: true,
			Why: "a system guard not in force: " + gap.Why})
	}
	return out
}

// SystemFindings are doctor's findings of the system level: errors for a level that cannot be
// trusted and for each hook not in force (a system guard then blocks what it covered).
func SystemFindings(v *System) []doctor.Finding {
	if v == nil {
		return nil
	}
	fix := "as root: fix the owner and mode of the file named, then check: hookctl hooks list"
	if v.Error != "" {
		return []doctor.Finding{{Severity: doctor.SeverityError, Check: "system",
			Message: v.Error + ": every call a guard could cover is blocked", Fix: fix}}
	}
	var out []doctor.Finding
	for _, h := range v.Hooks {
		if h.InForce {
			continue
		}
		msg := "system hook not in force: " + h.Why
		if h.FailClosed {
			msg += "; it blocks the calls it covers"
		}
		out = append(out, doctor.Finding{Severity: doctor.SeverityError, Event: h.Event, Command: h.Command, Check: "system", Message: msg, Fix: fix})
	}
	return out
}
