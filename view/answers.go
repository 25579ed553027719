package view

import (
	"errors"
	"fmt"
	"strings"
)

// DropAnswer is the person's answer to DropQuestion as an error: nil for a yes; where no person
// could be asked (asked false), the refusal naming the guards and the fix; else "not
// confirmed". Nothing was changed when it is not nil.
func DropAnswer(what string, names []string, yes, asked bool) error {
	switch {
	case yes:
		return nil
	case !asked:
		return fmt.Errorf("%s would drop or change the guard(s) %s: only a person at a terminal may do that; run it at a terminal (nothing was changed)",
			what, strings.Join(names, "; "))
	}
	return fmt.Errorf("%s: not confirmed, nothing was changed", what)
}

// AutoAcceptAnswer is the person's answer to consent.AutoAcceptQuestion as an error, what
// naming the command (consent.AutoAcceptCommand): nil for a yes, else why nothing was changed.
func AutoAcceptAnswer(what string, yes, asked bool) error {
	switch {
	case yes:
		return nil
	case !asked:
		return fmt.Errorf("%s: only a person at a terminal may turn it on; run it at your own terminal (nothing was changed)", what)
	}
	return errors.New(what + ": not confirmed, nothing was changed")
}
