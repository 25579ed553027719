package view

import (
	"fmt"
	"strings"

	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/termsafe"
)

// DropQuestion is what the person is asked before what drops, narrows or unwires the
// recorded guards of changes (SPEC 17.1): each guard with what the agents lose by it, and
// "Go on? [y/N]". names are the guards, for the refusal's words.
func DropQuestion(what string, changes []consent.Change, agents []string) (names []string, question string) {
	names = make([]string, len(changes))
	for i, c := range changes {
		names[i] = c.Guard.String()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "hookctl: %s drops or changes %d guard(s):\n", what, len(changes))
	for i, c := range changes {
		fmt.Fprintf(&b, "  %s\n    %s\n", termsafe.String(names[i]), termsafe.String(c.Loss(agents)))
	}
	b.WriteString("Go on? [y/N] ")
	return names, b.String()
}
