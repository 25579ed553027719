package display

import "strconv"

// ColorOn decides whether output is painted: --color always or never (flag) says so; else
// never under a non-empty NO_COLOR, and otherwise only on a terminal.
func ColorOn(flag string, lookupEnv func(string) (string, bool), terminal bool) bool {
	switch flag {
	case "always":
		return true
	case "never":
		return false
	}
	if v, ok := lookupEnv("NO_COLOR"); ok && v != "" {
		return false
	}
	return terminal
}

// Width is the width output fits: COLUMNS when set to a positive number, else terminal's
// answer (the terminal's width, or 0 for a pipe or a file: no limit).
func Width(lookupEnv func(string) (string, bool), terminal func() int) int {
	if v, ok := lookupEnv("COLUMNS"); ok {
		if n, err := strconv.Atoi(v); err == nil && n > 0 {
			return n
		}
	}
	return terminal()
}
