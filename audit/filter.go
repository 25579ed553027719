package audit

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/runner"
)

// Decisions are the decisions an entry records, the values a filter's decision may take.
var Decisions = []string{runner.DecisionAllow, runner.DecisionBlock, runner.DecisionAsk, runner.DecisionContinue}

// NewFilter checks a filter's parts as `hookctl log` takes them (the decision one of
// Decisions; since as ParseSince reads it, anchored at now) and returns the filter.
func NewFilter(event, decision, agent, since string, now time.Time) (Filter, error) {
	f := Filter{Event: event, Decision: decision, Agent: agent}
	if decision != "" && !slices.Contains(Decisions, decision) {
		hint := ""
		if s := config.Suggest(decision, Decisions); s != "" {
			hint = fmt.Sprintf(": did you mean %q?", s)
		}
		return f, fmt.Errorf("--decision must be one of %s, not %q%s", strings.Join(Decisions, ", "), decision, hint)
	}
	if since != "" {
		t, err := ParseSince(since, now)
		if err != nil {
			return f, err
		}
		f.Since = t
	}
	return f, nil
}

// sinceLayouts are the times --since accepts, in the local time zone unless they say otherwise.
var sinceLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02"}

// ParseSince reads a duration before now (a Go duration, or whole days as 7d) or a time.
func ParseSince(s string, now time.Time) (time.Time, error) {
	if days, ok := strings.CutSuffix(s, "d"); ok {
		if n, err := strconv.Atoi(days); err == nil && n >= 0 {
			return now.AddDate(0, 0, -n), nil
		}
	}
	if d, err := time.ParseDuration(s); err == nil {
		if d < 0 {
			return time.Time{}, fmt.Errorf("--since %q: a duration looks back, it cannot be negative", s)
		}
		return now.Add(-d), nil
	}
	for _, layout := range sinceLayouts {
		if t, err := time.ParseInLocation(layout, s, time.Local); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("--since %q is neither a duration (90m, 2h, 7d) nor a time (2026-11-24, 2026-11-24T15:04, RFC 3339)", s)
}
