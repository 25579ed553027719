package config

import (
	"fmt"
	"strings"

	"github.com/hookctl/hookctl/internal/suggest"
)

// Suggest returns the candidate closest to name, or "" when none is close enough to be a
// plausible typo. Ties go to the alphabetically first candidate, so output is deterministic.
func Suggest(name string, candidates []string) string {
	return suggest.Closest(name, candidates)
}

// guess is a did-you-mean: the candidate closest to a mistyped name, "" when none is close.
// In a message it reads as a suffix (": did you mean "x"?"); a Problem built with one among
// its arguments carries it as its Suggestion too.
type guess string

// didYouMean guesses which candidate name meant.
func didYouMean(name string, candidates []string) guess {
	return guess(Suggest(name, candidates))
}

// String formats the guess as a message suffix, "" when there is none.
func (g guess) String() string {
	if g == "" {
		return ""
	}
	return fmt.Sprintf(": did you mean %q?", string(g))
}

// UnknownEventHint completes a message about an unknown event: a did-you-mean when one event
// is close, else the list of valid events.
func UnknownEventHint(event string, valid []string) string {
	if hint := didYouMean(event, valid); hint != "" {
		return hint.String()
	}
	return "; valid events: " + strings.Join(valid, ", ")
}
