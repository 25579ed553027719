package main

import (
	"fmt"

	"github.com/hookctl/hookctl/internal/wallrun"
	"github.com/hookctl/hookctl/wall"
)

// wallStatus prints the ABI, the wall's state and its table (wallrun.StatusReport); it exits 1
// where the wall cannot go up, so that a script (and install) can ask before wiring it.
func (a *app) wallStatus(set wall.Set, o wallOptions) error {
	st := wall.Detect(o.maxABI)
	fmt.Fprint(a.stdout, wallrun.StatusReport(st, set))
	if st.State == wall.Unavailable {
		return silent(exitFailure)
	}
	return nil
}
