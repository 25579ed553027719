package hookslock

import (
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/termsafe"
)

// ProjectHooks are the hooks a lock covers of the project of src.ProjectFrom (Project, Hooks),
// with the project config's problems worded and terminal-safe, for the caller to say first. A
// config with errors is refused (config.RefuseErrors; what names the command).
func ProjectHooks(src config.Sources, what string) (root string, hooks []config.Hook, problems []string, err error) {
	root, cfg, err := Project(src)
	if err != nil {
		return "", nil, nil, err
	}
	for _, p := range cfg.Problems {
		problems = append(problems, termsafe.String(p.String()))
	}
	if err := config.RefuseErrors(cfg, what); err != nil {
		return "", nil, problems, err
	}
	return root, Hooks(cfg), problems, nil
}
