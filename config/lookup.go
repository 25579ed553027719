package config

import (
	"fmt"
	"slices"
	"strings"
)

// EventsStarting are the events that start with prefix, for shell completion: hookctl's, and
// the custom events of cfg when it is not nil.
func EventsStarting(cfg *Config, prefix string) []string {
	events := Events()
	if cfg != nil {
		events = cfg.AllEvents()
	}
	var out []string
	for _, e := range events {
		if strings.HasPrefix(e, prefix) {
			out = append(out, e)
		}
	}
	return out
}

// CheckRuns says, when no hook of c (read from path) runs command, so, naming the closest
// command that one runs.
func (c *Config) CheckRuns(command, path string) error {
	if slices.ContainsFunc(c.Hooks, func(h Hook) bool { return h.Command == command }) {
		return nil
	}
	if sug := SuggestCommand(command, c.Commands()); sug != "" {
		return fmt.Errorf("no hook runs %q in %s: did you mean %q?", command, path, sug)
	}
	return fmt.Errorf("no hook runs %q in %s", command, path)
}
