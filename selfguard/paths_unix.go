//go:build unix

package selfguard

import (
	"path/filepath"

	"mvdan.cc/sh/v3/syntax"
)

// homeVar reports whether $name is the person's home besides $HOME: no other here.
func homeVar(string) bool { return false }

// expandSysHome expands the home's forms of other shells: none here.
func expandSysHome(string, string) (string, bool) { return "", false }

// rootedAbs makes absolute a name the system reads against a drive: none here.
func rootedAbs(string, string) (string, bool) { return "", false }

// rawWord is the word as another shell of the system reads it: none here.
func rawWord(*syntax.Word, string) (string, bool) { return "", false }

// lexicalDots says the system reads a name's .. before it follows links: not here, where
// link/.. is the link's target's parent.
const lexicalDots = false

// sysClean is a name as the system reads it, cleaned.
func sysClean(s string) string { return filepath.Clean(s) }

// sysFinal is what the system says a name leads to beyond its symlinks: nothing more here.
func sysFinal(string) (string, bool) { return "", false }

// streamOnly reports a pattern whose known text names only a stream: no streams here.
func streamOnly(string) bool { return false }

// shellReadings are other shells' readings of a command line: none here.
func shellReadings(string) []string { return nil }

// localNames are this machine's names in a UNC path: none here.
func localNames() []string { return nil }
