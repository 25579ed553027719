package config

import (
	"fmt"
	"sort"
	"strings"

	"github.com/agext/levenshtein"
)

// Suggest returns the candidate closest to name, or "" when none is close enough to be a
// plausible typo. Ties go to the alphabetically first candidate, so output is deterministic.
func Suggest(name string, candidates []string) string {
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	best, bestDist := "", -1
	for _, c := range sorted {
		d := levenshtein.Distance(name, c, nil)
		if bestDist < 0 || d < bestDist {
			best, bestDist = c, d
		}
	}
	// A third of the name's length, at least 2, keeps "comand" -> "command" and drops
	// suggestions that share little but length.
	limit := len(name) / 3
	if limit < 2 {
		limit = 2
	}
	if bestDist < 0 || bestDist > limit {
		return ""
	}
	return best
}

// didYouMean formats a suggestion as a message suffix, or "" when there is none.
func didYouMean(name string, candidates []string) string {
	if s := Suggest(name, candidates); s != "" {
		return fmt.Sprintf(": did you mean %q?", s)
	}
	return ""
}

// UnknownEventHint completes a message about an unknown event: a did-you-mean when one event
// is close, else the list of valid events.
func UnknownEventHint(event string, valid []string) string {
	if hint := didYouMean(event, valid); hint != "" {
		return hint
	}
	return "; valid events: " + strings.Join(valid, ", ")
}
