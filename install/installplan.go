package install

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// PlanConfig is the config install plans the agent's entries from. The project's hooks need
// the agent's entries as much as the person's do (SPEC 20): the person's own entries are
// planned from both, so that a config with no hook for the project's event still wires the
// project's guard. The project's committed entries (projectWiring) fire the project's hooks
// alone (SPEC 28.24): they are planned from the project's config alone, so that no event or
// timeout of the committer's own goes into the team's file. ok is false when the project
// (nil for none) adds nothing.
func PlanConfig(person *config.Config, project *consent.Project, projectWiring bool) (cfg *config.Config, ok bool) {
	if project == nil || project.ConfigErr != nil || len(project.Config.Hooks) == 0 {
		return person, false
	}
	if projectWiring {
		person = &config.Config{Path: person.Path, Audit: person.Audit}
	}
	return WithProjectHooks(person, project.Config), true
}

// Unapproved counts the hooks of cfg that the entries want fire under the agent and that list
// does not approve: they will be skipped until the person reviews them. Several agent events
// may fire one hookctl event (Cursor's preToolUse and beforeShellExecution): its hooks are
// counted once.
func Unapproved(cfg *config.Config, list *consent.Allowlist, d *agent.Dialect, want []Want) int {
	var events []string
	for _, w := range want {
		event := w.Event
		if m, ok := d.Mapping(w.Event); ok {
			event = m.Event
		}
		if !slices.Contains(events, event) {
			events = append(events, event)
		}
	}
	n := 0
	for _, event := range events {
		for _, h := range cfg.HooksFor(event) {
			if h.RunsUnder(d.Name) && list.Check(h).Status != consent.StatusApproved {
				n++
			}
		}
	}
	return n
}

// Homes are the hookctl homes the wirings name (their --home), each once, in order: a refusal
// of a consent command is written to their audit logs too, since the agent's environment may
// name another.
func Homes(wired []Wiring) []string {
	var out []string
	for _, w := range wired {
		if w.Home != "" && !slices.Contains(out, w.Home) {
			out = append(out, w.Home)
		}
	}
	return out
}

// ConfigThere refuses to plan the entries of the settings file target from a config at
// cfgPath that does not exist: no config at all is more likely a wrong HOOKCTL_HOME than a
// wish to unwire every event.
func ConfigThere(cfgPath, target string) error {
	if _, err := os.Stat(cfgPath); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("there is no config at %s (hookctl init creates one); %s is unchanged", cfgPath, target)
	}
	return nil
}

// FoldersRecord is where install records the folders it makes for t (FoldersPath): in the
// person's hookctl home; none for an administrator file, so that the system folder holds only
// what the administrator put there.
func FoldersRecord(t Target, home string) string {
	if t.System {
		return ""
	}
	return FoldersPath(home)
}

// UnapprovedWarning says that n of the hooks just wired (Unapproved) will be skipped until the
// person reviews and approves them; "" for none.
func UnapprovedWarning(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d of the hooks wired are not approved and will be skipped until you review them and run: hookctl hooks approve --all", n)
}
