package view

import (
	"strings"
	"testing"

	"github.com/hookctl/hookctl/consent"
)

func TestDropQuestion(t *testing.T) {
	guard := consent.Guard{Event: "pre_llm_call", Command: "./guard.sh"}
	evil := consent.Guard{Event: "pre_llm_call", Command: "./g\x1b[2J.sh"}
	for _, tc := range []struct {
		name    string
		changes []consent.Change
		names   []string
		want    []string // the question's lines
	}{
		{name: "one guard dropped", changes: []consent.Change{{Guard: guard}}, names: []string{"./guard.sh on pre_llm_call"},
			want: []string{"hookctl: revoking drops or changes 1 guard(s):", "  ./guard.sh on pre_llm_call", "    `./guard.sh` will no longer block pre_llm_call", "Go on? [y/N] "}},
		{name: "control characters shown escaped", changes: []consent.Change{{Guard: evil}}, names: []string{"./g\x1b[2J.sh on pre_llm_call"},
			want: []string{"hookctl: revoking drops or changes 1 guard(s):", "  ./g\\x1b[2J.sh on pre_llm_call", "    `./g\\x1b[2J.sh` will no longer block pre_llm_call", "Go on? [y/N] "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			names, q := DropQuestion("revoking", tc.changes, nil)
			if strings.Join(names, "|") != strings.Join(tc.names, "|") {
				t.Errorf("names = %q, want %q", names, tc.names)
			}
			if want := strings.Join(tc.want, "\n"); q != want {
				t.Errorf("question =\n%q\nwant\n%q", q, want)
			}
		})
	}
}
