package install

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/termsafe"
)

// WithProjectHooks is the config install plans the agent's entries from in a project: the
// person's hooks, then the project's, which run after them in the same call; the entries'
// timeouts count every hook one after the other, as the layers run. The person's problems
// alone decide whether install may go on (the project's are reported when it runs).
func WithProjectHooks(person, project *config.Config) *config.Config {
	plan := *person
	plan.Hooks = append(slices.Clone(person.Hooks), project.Hooks...)
	plan.CustomEvents = slices.Clone(person.CustomEvents)
	for _, name := range project.CustomEvents {
		if !slices.Contains(plan.CustomEvents, name) {
			plan.CustomEvents = append(plan.CustomEvents, name)
		}
	}
	plan.Parallel = false
	return &plan
}

// TrustStep is what the person must still do in the agent itself before it runs the entries
// just written to file, "" for nothing: trust them in Codex's /hooks (Codex skips an untrusted
// hook, and one changed since it was trusted, without a word), trust the folder in Gemini CLI
// (which runs no hooks in a folder it does not trust). Names are escaped for a terminal.
func TrustStep(p TrustPlaces, agentName, file string, project bool) (string, error) {
	switch agentName {
	case "codex":
		untrusted, err := CodexUntrusted(p, file)
		if err != nil {
			return "", fmt.Errorf("cannot read which hooks Codex trusts: %w", err)
		}
		if len(untrusted) == 0 {
			return "", nil
		}
		var events []string
		for _, u := range untrusted {
			events = append(events, termsafe.String(u[0])+" ("+u[1]+")")
		}
		return fmt.Sprintf("next: Codex runs these entries only once you trust them: %s\n  %s\n",
			strings.Join(events, ", "), CodexTrustFix), nil
	case "gemini":
		if !project {
			return fmt.Sprintf("next: Gemini CLI runs hooks only in folders it trusts (%s): trust each folder you use it in\n",
				termsafe.String(p.GeminiFolders)), nil
		}
		trust, err := GeminiTrust(p.GeminiFolders, p.Dir)
		if err != nil {
			return "", fmt.Errorf("cannot read which folders Gemini CLI trusts: %w", err)
		}
		if trust != FolderTrusted {
			return fmt.Sprintf("next: Gemini CLI runs no hooks in this folder until you trust it (it is %s):\n  %s\n",
				trust, termsafe.String(GeminiTrustFix(p.Dir, p.GeminiFolders))), nil
		}
	}
	return "", nil
}
