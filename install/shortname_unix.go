//go:build unix

package install

// shortName is p: short names are Windows'.
func shortName(p string) string { return p }
