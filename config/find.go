package config

import (
	"fmt"
	"slices"
	"strings"
)

// Find returns the hooks of c running command (on event, when given), as approve names them.
// None is an error that helps: the events the command runs on when only the event is wrong,
// else a did-you-mean over c's commands (SuggestCommand), else the commands there are.
func (c *Config) Find(command, event string) ([]Hook, error) {
	var out []Hook
	for _, h := range c.Hooks {
		if h.Command == command && (event == "" || h.Event == event) {
			out = append(out, h)
		}
	}
	if len(out) > 0 {
		return out, nil
	}
	where := fmt.Sprintf("no configured hook runs %q", command)
	if event != "" {
		where += " on " + event
		// The command is right, the event is not: suggesting the same command would not help.
		var events []string
		for _, h := range c.Hooks {
			if h.Command == command && !slices.Contains(events, h.Event) {
				events = append(events, h.Event)
			}
		}
		if len(events) > 0 {
			return nil, fmt.Errorf("%s; it runs on %s", where, strings.Join(events, ", "))
		}
	}
	cmds := c.Commands()
	if sug := SuggestCommand(command, cmds); sug != "" {
		return nil, fmt.Errorf("%s: did you mean %q?", where, sug)
	}
	if len(cmds) > 0 {
		return nil, fmt.Errorf("%s; configured commands: %s", where, strings.Join(cmds, ", "))
	}
	return nil, fmt.Errorf("%s; no hooks are configured in %s", where, c.Path)
}

// Commands are the commands c's hooks run, each once, sorted.
func (c *Config) Commands() []string {
	var out []string
	for _, h := range c.Hooks {
		out = append(out, h.Command)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// SuggestCommand picks the command a person most likely meant: one that starts with what they
// typed followed by its arguments (./guard.sh for "./guard.sh --strict"), else the closest by
// edit distance.
func SuggestCommand(typed string, commands []string) string {
	for _, c := range commands {
		if strings.HasPrefix(c, typed+" ") {
			return c
		}
	}
	return Suggest(typed, commands)
}
