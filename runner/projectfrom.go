package runner

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// ProjectFrom is the folder a project is looked up from (SPEC 23.8): the agent's own project
// folder ($CLAUDE_PROJECT_DIR, which run --agent also takes from the payload's workspace root),
// else cwd (the payload's), else the working folder. A relative path counts as none.
func ProjectFrom(lookupEnv func(string) (string, bool), cwd string) string {
	if v, ok := lookupEnv(config.ProjectDirVar); ok && filepath.IsAbs(v) {
		return v
	}
	if filepath.IsAbs(cwd) {
		return cwd
	}
	wd, _ := os.Getwd()
	return wd
}

// ProjectLayer is the project layer for the event ("" for every event) of a call in from, as a
// run reads it (LoadProject), held to the projects whose guards the person's record remembers;
// nil when there is no project. An unreadable record remembers none: the person's layer then
// blocks what a guard could cover.
func ProjectLayer(loc config.Locations, personHome, from, event string) *consent.Project {
	rec, _ := consent.NewStore(loc.Allowlist).GuardRecord()
	return LoadProject(loc, personHome, from, event, rec.Projects)
}

// ProjectProblems are the warnings of a project layer's config: why its hooks do not run, and
// each of its problems.
func ProjectProblems(p *consent.Project) []string {
	var out []string
	if p.ConfigErr != nil {
		out = append(out, fmt.Sprintf("warning: the project's hooks do not run: %v", p.ConfigErr))
	}
	for _, pr := range p.Config.Problems {
		out = append(out, pr.String())
	}
	return out
}
