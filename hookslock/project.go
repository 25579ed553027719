package hookslock

import (
	"fmt"

	"github.com/hookctl/hookctl/config"
)

// Project reads the project of src.ProjectFrom as a run reads the project layer
// (config.Layers): its root and its config, whose problems the caller reports and whose errors
// it refuses (a lock of half a config would approve half).
func Project(src config.Sources) (root string, cfg *config.Config, err error) {
	layer, ok := config.LayerOf(config.Layers(src), config.LayerProject)
	if !ok {
		return "", nil, fmt.Errorf("%s is in no project (no .git in it or above it, up to your home): a project's hooks live in its repository's .agent-hooks/config.yaml", src.ProjectFrom)
	}
	cfg, err = layer.Read()
	if err != nil {
		return "", nil, err
	}
	return layer.Root, cfg, nil
}

// Hooks are the hooks of cfg, event by event in the config's order: what a lock holds.
func Hooks(cfg *config.Config) []config.Hook {
	var hooks []config.Hook
	for _, e := range cfg.AllEvents() {
		hooks = append(hooks, cfg.HooksFor(e)...)
	}
	return hooks
}

// Check is `hooks lock --check`: the lock at root against the repository's hooks as they are.
// stale names each difference (Stale); a lock that is missing is an error wrapping
// fs.ErrNotExist. It reads nothing outside root.
func Check(root string, hooks []config.Hook) (l Lock, stale []string, err error) {
	l, err = Load(root)
	if err != nil {
		return l, nil, err
	}
	return l, Stale(Verify(root, l, hooks)), nil
}
