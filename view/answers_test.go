package view

import "testing"

func TestAnswers(t *testing.T) {
	names := []string{"./g.sh on pre_tool_call", "./h.sh on post_tool_call"}
	for _, tc := range []struct {
		name       string
		drop       bool
		yes, asked bool
		want       string
	}{
		{name: "drop: yes", drop: true, yes: true, asked: true},
		{name: "drop: no terminal", drop: true,
			want: "hooks revoke would drop or change the guard(s) ./g.sh on pre_tool_call; ./h.sh on post_tool_call: only a person at a terminal may do that; run it at a terminal (nothing was changed)"},
		{name: "drop: no", drop: true, asked: true, want: "hooks revoke: not confirmed, nothing was changed"},
		{name: "auto-accept: yes", yes: true, asked: true},
		{name: "auto-accept: no terminal",
			want: "hooks auto-accept on: only a person at a terminal may turn it on; run it at your own terminal (nothing was changed)"},
		{name: "auto-accept: no", asked: true, want: "hooks auto-accept on: not confirmed, nothing was changed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.drop {
				err = DropAnswer("hooks revoke", names, tc.yes, tc.asked)
			} else {
				err = AutoAcceptAnswer("hooks auto-accept on", tc.yes, tc.asked)
			}
			if got := errText(err); got != tc.want {
				t.Errorf("answer = %q, want %q", got, tc.want)
			}
		})
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
