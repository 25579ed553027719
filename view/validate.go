package view

import (
	"fmt"
	"strings"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// Validation is what validate finds in a config beside the allowlist store: what to say on
// stderr, in order, how many of those are errors and how many warnings.
type Validation struct {
	Said     []string
	Errors   int
	Warnings int
}

// Validate checks cfg: its problems, each recorded guard not in force (an error: run blocks
// what it covers) and each guard not approved (a warning).
func Validate(cfg *config.Config, store *consent.Store) Validation {
	var v Validation
	for _, p := range cfg.Problems {
		v.Said = append(v.Said, p.String())
	}
	v.Errors = config.Errors(cfg.Problems)
	notInForce := GuardsNotInForce(cfg, store)
	v.Said = append(v.Said, notInForce...)
	v.Errors += len(notInForce)
	notes := UnapprovedGuards(cfg, store)
	v.Said = append(v.Said, notes...)
	v.Warnings = len(cfg.Problems) + len(notes)
	return v
}

// ValidateFailed is validate's failure, each file's errors counted against it (SPEC 25.4):
// the config's at path, and the project's; "" when neither has one.
func ValidateFailed(path string, errs int, project *Project, projectErrs int) string {
	var failed []string
	if errs > 0 {
		failed = append(failed, fmt.Sprintf("%s: %d error(s)", path, errs))
	}
	if project != nil && projectErrs > 0 {
		failed = append(failed, fmt.Sprintf("%s: %d error(s)", project.Config, projectErrs))
	}
	return strings.Join(failed, "; ")
}
