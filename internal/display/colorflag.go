package display

import "fmt"

// CheckColor checks --color's value, which the flag parser takes as any string.
func CheckColor(flag string) error {
	switch flag {
	case "auto", "always", "never":
		return nil
	}
	return fmt.Errorf("--color must be auto, always or never, not %q", flag)
}
