package hookslock

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/termsafe"
)

// Apply is `hooks approve --from-lock`'s steps (SPEC 23.7): the lock of the repository at root
// read, each locked hook checked against hooks and the files in the checkout, exactly those that
// match approved in the project's store, and the configured guards that do not recorded as not
// in force, which blocks what they cover. It returns the decision (its Lines name each hook not
// approved; Failed says the step fails) and what was approved, as far as it got on an error.
func Apply(root string, store *consent.Store, hooks []config.Hook) (Decision, []consent.Approval, error) {
	l, err := Load(root)
	if errors.Is(err, fs.ErrNotExist) {
		return Decision{}, nil, fmt.Errorf("%s has no %s: run hookctl hooks lock, review it and commit it", termsafe.String(root), Name)
	}
	if err != nil {
		return Decision{}, nil, err
	}
	d := Decide(Verify(root, l, hooks))
	var approved []consent.Approval
	if len(d.Approve) > 0 {
		if approved, err = consent.ApproveProjectIn(store, d.Approve); err != nil {
			return d, nil, err
		}
	}
	if len(d.NotInForce) > 0 {
		if err := store.RecordNotInForce(d.NotInForce); err != nil {
			return d, approved, err
		}
	}
	return d, approved, nil
}
