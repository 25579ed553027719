package install

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/suggest"
)

// ParseTimeout reads `hooks add --timeout`: seconds (30) or a duration (30s, 2m); "" is the
// config's default, 0.
func ParseTimeout(s string) (float64, error) {
	if s == "" {
		return 0, nil
	}
	if n, err := strconv.ParseFloat(s, 64); err == nil && n > 0 {
		return n, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("--timeout %q: give seconds (30) or a duration (30s, 2m)", s)
	}
	return d.Seconds(), nil
}

// CheckDialect refuses a `hooks add --dialect` that no script speaks ("" is each agent's own).
func CheckDialect(d string) error {
	valid := agent.ScriptDialects()
	if d == "" || slices.Contains(valid, d) {
		return nil
	}
	return fmt.Errorf("--dialect %q: unknown%s (valid: %s)", d, suggest.DidYouMean(d, valid), strings.Join(valid, ", "))
}

// AddRefused reports whether after, the config text with e added, must not be written: e
// would not load (the loader dropped it) or the text has more errors than before had. The
// problems returned say why: e's own errors and the new ones.
func AddRefused(before, after *config.Config, e Imported) ([]config.Problem, bool) {
	loaded := slices.ContainsFunc(after.HooksFor(e.Event), func(h config.Hook) bool {
		return h.Command == e.Command && h.Matcher == e.Matcher
	})
	if loaded && config.Errors(after.Problems) <= config.Errors(before.Problems) {
		return nil, false
	}
	var why []config.Problem
	for _, p := range after.Problems {
		if p.Severity == config.SeverityError && (p.Command == e.Command || !slices.ContainsFunc(before.Problems, func(q config.Problem) bool { return q.Message == p.Message })) {
			why = append(why, p)
		}
	}
	return why, true
}

// RemoveRefused reports whether after, the config text without an entry, has more errors than
// before: it must not be written.
func RemoveRefused(before, after *config.Config) bool {
	return config.Errors(after.Problems) > config.Errors(before.Problems)
}
