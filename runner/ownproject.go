package runner

import (
	"fmt"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

// OwnProject checks the project layer p, read from the folder from, for a command on the
// project's own approvals (hooks approve --project, revoke --project, approve --from-lock):
// being in no project, or in one whose config cannot be read, is an error naming why. It
// returns the project's locations: the home's, with the project's config and allowlist.
func OwnProject(p *consent.Project, from, home string) (config.Locations, error) {
	if p == nil {
		return config.Locations{}, fmt.Errorf("%s is in no project: a project is a folder holding .git, below your home and outside the hookctl home, with its hooks in .agent-hooks/config.yaml", from)
	}
	if p.ConfigErr != nil {
		return config.Locations{}, fmt.Errorf("the project's config cannot be read: %v", p.ConfigErr)
	}
	return config.Locations{Home: home, Config: p.Config.Path, Allowlist: p.Store.Path}, nil
}
