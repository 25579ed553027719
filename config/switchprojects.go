package config

// SwitchProjects are the folders whose project switch files count for a call from the
// agent's project folder from: that folder and the repository's root above it (FindProject),
// each once.
func SwitchProjects(from, personHome, hookctlHome string) []string {
	out := []string{from}
	if root, ok := FindProject(from, personHome, hookctlHome); ok && root != from {
		out = append(out, root)
	}
	return out
}
