package hookslock

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/termsafe"
)

// CheckSaid is Check worded for a person: fresh is the line that says the lock is fresh;
// stale names each difference, and err then says the lock is stale. A missing lock is an
// error naming the command that writes one. Everything is terminal-safe.
func CheckSaid(root string, hooks []config.Hook) (fresh string, stale []string, err error) {
	l, stale, err := Check(root, hooks)
	path := termsafe.String(Path(root))
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil, fmt.Errorf("%s has no lock (%s): run hookctl hooks lock, review and commit it", termsafe.String(root), path)
	}
	if err != nil {
		return "", nil, err
	}
	for i, why := range stale {
		stale[i] = termsafe.String(why)
	}
	if len(stale) > 0 {
		return "", stale, fmt.Errorf("%s is stale (%d difference(s)): run hookctl hooks lock, review and commit it", path, len(stale))
	}
	return fmt.Sprintf("%s is fresh: %d hook(s), as the repository has them", path, len(l.Hooks)), nil, nil
}
