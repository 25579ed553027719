package suggest

import "strings"

// Command is the command path to suggest for a mistyped subcommand, "" for none: paths are
// the available commands ("list", or "hooks list" for a subcommand's subcommand), each
// suggested by its last word; a command of its own wins over a subcommand of the same name,
// and of two subcommands the first.
func Command(typed string, paths []string) string {
	byName := map[string]string{}
	for _, p := range paths {
		if !strings.Contains(p, " ") {
			byName[p] = p
		}
	}
	for _, p := range paths {
		name := p[strings.LastIndex(p, " ")+1:]
		if _, taken := byName[name]; !taken {
			byName[name] = p
		}
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	if s := Closest(typed, names); s != "" {
		return byName[s]
	}
	return ""
}
