// Package scripts ships the example hooks and starter config that `hookctl init` installs.
package scripts

import "embed"

// Examples holds examples/: the starter config.yaml and the example hook scripts.
//
//go:embed examples
var Examples embed.FS
