package config

import "testing"

func TestRefuseErrors(t *testing.T) {
	for _, tc := range []struct {
		name     string
		problems []Problem
		want     string
	}{
		{name: "no problems"},
		{name: "warnings only", problems: []Problem{{Severity: SeverityWarning, Message: "x"}}},
		{name: "errors", problems: []Problem{{Severity: SeverityError}, {Severity: SeverityWarning}, {Severity: SeverityError}},
			want: "/h/config.yaml has 2 error(s) (listed above): fix them first, since approving would lose the entries they dropped (nothing was changed)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := RefuseErrors(&Config{Path: "/h/config.yaml", Problems: tc.problems}, "approving")
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Fatalf("RefuseErrors = %q, want %q", got, tc.want)
			}
		})
	}
}
