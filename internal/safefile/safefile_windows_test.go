package safefile

import "testing"

// specialFiles are the paths that are not regular files: the null device, which every
// folder names.
func specialFiles(t *testing.T, dir string) []readCase {
	return []readCase{{"device", "NUL", 10, ErrNotRegular}}
}
