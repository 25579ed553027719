//go:build !windows

package install

// programFiles is Windows' Program Files folder: none here.
func programFiles() string { return "" }
