package agent

// SwitchFiles are the hooks-off switch files (SPEC 24.3) of the agents named, the user's and
// those under each of projects: for the self-guard, which keeps them as agent settings. A name
// that is no agent's has none.
func SwitchFiles(names []string, home string, projects []string, lookupEnv func(string) (string, bool)) []string {
	var out []string
	for _, name := range names {
		if d, err := Lookup(name); err == nil {
			out = append(out, d.SwitchPaths(home, projects, lookupEnv)...)
		}
	}
	return out
}
