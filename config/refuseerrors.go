package config

import "fmt"

// RefuseErrors is the refusal of a command that will not work from a config with errors
// (listed to the person already): what it would record or write would lose the entries they
// dropped. what names the command's work; nil when cfg has no error.
func RefuseErrors(cfg *Config, what string) error {
	n := Errors(cfg.Problems)
	if n == 0 {
		return nil
	}
	return fmt.Errorf("%s has %d error(s) (listed above): fix them first, since %s would lose the entries they dropped (nothing was changed)",
		cfg.Path, n, what)
}
