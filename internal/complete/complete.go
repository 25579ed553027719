// Package complete picks the words shell completion offers for a partly typed argument.
package complete

import (
	"slices"
	"strings"
)

// Prefix is the words that start with prefix, in order.
func Prefix(words []string, prefix string) []string {
	var out []string
	for _, w := range words {
		if strings.HasPrefix(w, prefix) {
			out = append(out, w)
		}
	}
	return out
}

// List completes the last word of typed, a list whose words sep separates (a flag's
// "a,b,c", a matcher's "a|b|c"): each of words that starts with what the last word has so far
// (with fresh, only those not among the words before it), with those words kept in front,
// each once.
func List(words []string, typed, sep string, fresh bool) []string {
	done, last := "", typed
	if i := strings.LastIndex(typed, sep); i >= 0 {
		done, last = typed[:i+len(sep)], typed[i+len(sep):]
	}
	given := strings.Split(done, sep)
	var out []string
	for _, w := range Prefix(words, last) {
		if !(fresh && slices.Contains(given, w)) && !slices.Contains(out, done+w) {
			out = append(out, done+w)
		}
	}
	return out
}
