package safefile

import "path/filepath"

// SamePath reports whether two paths name one file, links resolved where they exist.
func SamePath(x, y string) bool {
	canon := func(p string) string {
		if abs, err := filepath.Abs(p); err == nil {
			p = abs
		}
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return real
		}
		return filepath.Clean(p)
	}
	return canon(x) == canon(y)
}
