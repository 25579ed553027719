// Package gitbash finds Git for Windows' bash.exe, through which hookctl runs a .sh hook on
// Windows (SPEC 21). Elsewhere a script runs through its #! line, and the package is empty.
package gitbash
