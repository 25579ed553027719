package doctor

import (
	"errors"
	"fmt"
	"os"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/runner"
)

// GuardFindings reports the recorded guards the config does not hold as approved, and a guard
// record that cannot be read or trusted: errors, since the calls such a guard covered are
// blocked (SPEC 14.2). With hooks_auto_accept, a warning that no guard is recorded by it.
// list and doctor show these first.
func GuardFindings(cfg *config.Config, store *consent.Store) []Finding {
	var out []Finding
	_, held, _ := runner.GuardsFor(runner.GuardSource{Allowlist: store.Path, Config: cfg.Path}, "", cfg, nil)
	if err := held.Err; err != nil {
		fix := fmt.Sprintf("review %s, then remove it (rm %s) and, at a terminal, run: hookctl hooks approve --all",
			store.GuardPath(), config.ShellQuote(store.GuardPath()))
		var ue *consent.UntrustedError
		switch {
		case errors.As(err, &ue):
			fix = ue.Fix
		case store.RecordReadable():
			// Missing, or lacking what the allowlist approved: writing it anew is the fix.
			fix = fmt.Sprintf("check that %s holds your guards, then, at a terminal, run: hookctl hooks approve --all (or hookctl hooks revoke a guard you no longer want)", cfg.Path)
		}
		out = append(out, Finding{Severity: SeverityError, Check: "guard",
			Message: fmt.Sprintf("%v: every event a guard could cover is blocked until it is fixed", err), Fix: fix})
	}
	for _, gap := range held.Gaps(cfg, "") {
		g := gap.Guard
		out = append(out, Finding{Severity: SeverityError, Event: g.Event, Command: g.Command, Check: "guard",
			Message: fmt.Sprintf("guard %s is not in force: %s; the calls it covered are blocked", g, gap.Why),
			Fix: fmt.Sprintf("put the entry back as it was in %s; or, if the change is meant, at a terminal: hookctl hooks approve --all (or hookctl hooks revoke %s --event %s)",
				cfg.Path, config.ShellQuote(g.Command), g.Event)})
	}
	if list, err := store.Load(); cfg.AutoAccept && (err != nil || list.AutoAccept == nil) {
		out = append(out, Finding{Severity: SeverityWarning, Check: "guard",
			Message: "hooks_auto_accept is true, but under an agent (run --agent) it is ignored until you turn it on at your own terminal: the agent's tools could have written it",
			Fix:     "hookctl hooks auto-accept on (or remove hooks_auto_accept from " + cfg.Path + ")"})
	}
	if cfg.AutoAccept {
		out = append(out, Finding{Severity: SeverityWarning, Check: "guard",
			Message: "hooks_auto_accept is true: hooks run without an approval, so it records no guard, and a fail_closed entry deleted or broken by a typo goes unnoticed",
			Fix:     "remove hooks_auto_accept from " + cfg.Path + ", then run: hookctl hooks approve --all"})
	}
	return out
}

// GuardPATHFindings says, when the config has a guard, what PATH guards run with and which
// folder was left out of it and why (SPEC 24.4, 28.9), and reports as an error each guard whose
// programs a guard cannot run as approved: one not found on that PATH (name it by its path).
func GuardPATHFindings(cfg *config.Config, gp consent.GuardPATH) []Finding {
	var out []Finding
	any := false
	for _, h := range cfg.Hooks {
		if !h.Guard() || h.Remote() || h.Layer == config.LayerSystem {
			continue
		}
		any = true
		if _, err := consent.GuardFiles(h, gp); err != nil {
			out = append(out, Finding{Severity: SeverityError, Event: h.Event, Command: h.Command, Check: "guard_path",
				Message: err.Error(), Fix: "name the program by its path in " + cfg.Path + ", then approve the guard again"})
		}
	}
	if !any || !gp.On {
		return out
	}
	for _, why := range gp.Left {
		out = append(out, Finding{Severity: SeverityWarning, Check: "guard_path",
			Message: "a guard runs with PATH=" + gp.Value + "; left out: " + why,
			Fix:     "name a program a guard needs from there by its path; keep hookctl's binaries in a folder of their own (docs/install.md)"})
	}
	return out
}

// RememberedFindings reports, for each project whose guards the person's record (beside the
// allowlist of store) remembers (SPEC 24.8), each remembered guard its own record in the
// hookctl home no longer holds (its approvals deleted, emptied or replaced), and a project
// record that cannot be trusted: errors, since every call such a guard covered in that project
// is blocked. A remembered project whose folder is gone blocks nothing: a warning.
func RememberedFindings(home string, store *consent.Store) []Finding {
	rec, err := store.GuardRecord()
	if err != nil {
		return nil // GuardFindings reports the record itself
	}
	var out []Finding
	for _, p := range rec.Projects {
		if _, err := os.Lstat(p.Root); err != nil {
			out = append(out, Finding{Severity: SeverityWarning, Check: "guard",
				Message: fmt.Sprintf("your guard record %s remembers guards of the project %s, which is gone: they block nothing unless it comes back", p.Record, p.Root),
				Fix:     fmt.Sprintf("if it moved, approve it where it is now; to forget it, at a terminal: mkdir -p %s && cd %s && hookctl hooks revoke --project", config.ShellQuote(p.Root), config.ShellQuote(p.Root))})
			continue
		}
		lost, err := consent.LostOf(home, p)
		if err != nil {
			out = append(out, Finding{Severity: SeverityError, Check: "guard",
				Message: fmt.Sprintf("project %s: %v: every event a guard could cover there is blocked", p.Root, err), Fix: consent.LostFix(p.Root)})
		}
		for _, gap := range lost {
			g := gap.Guard
			out = append(out, Finding{Severity: SeverityError, Event: g.Event, Command: g.Command, Check: "guard",
				Message: fmt.Sprintf("project %s: guard %s is not in force: %s; every call it covered there is blocked", p.Root, g, gap.Why),
				Fix:     gap.Fix})
		}
	}
	return out
}
