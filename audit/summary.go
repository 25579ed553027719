package audit

import (
	"sort"
	"strconv"
	"strings"

	"github.com/hookctl/hookctl/internal/termsafe"
)

// Summary counts an entry's hooks by status, as `hookctl log` shows them: "2 ok, 1
// skipped_unapproved", a system hook's status apart from the person's ("1 ok (system)"),
// sorted, each status terminal-safe (a log line is not trusted text).
func Summary(hooks []Hook) string {
	counts := map[string]int{}
	for _, h := range hooks {
		status := termsafe.String(h.Status)
		if h.Layer != "" {
			status += " (" + termsafe.String(h.Layer) + ")"
		}
		counts[status]++
	}
	statuses := make([]string, 0, len(counts))
	for s := range counts {
		statuses = append(statuses, s)
	}
	sort.Strings(statuses)
	parts := make([]string, len(statuses))
	for i, s := range statuses {
		parts[i] = strconv.Itoa(counts[s]) + " " + s
	}
	return strings.Join(parts, ", ")
}
