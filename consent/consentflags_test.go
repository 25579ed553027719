package consent

import "testing"

func TestCheckApprove(t *testing.T) {
	for _, tt := range []struct {
		name    string
		f       ApproveFlags
		all     bool
		wantErr string
	}{
		{"one command", ApproveFlags{Args: 1}, false, ""},
		{"one command for an event", ApproveFlags{Args: 1, Event: "pre_tool_call"}, false, ""},
		{"all", ApproveFlags{All: true}, true, ""},
		{"the project's, all of them", ApproveFlags{Project: true}, true, ""},
		{"one of the project's", ApproveFlags{Project: true, Args: 1}, false, ""},
		{"from the lock", ApproveFlags{FromLock: true}, false, ""},
		{"from the lock and a command", ApproveFlags{FromLock: true, Args: 1}, false, "--from-lock approves the project's locked hooks: give it alone"},
		{"from the lock and an event", ApproveFlags{FromLock: true, Event: "stop"}, false, "--from-lock approves the project's locked hooks: give it alone"},
		{"project and system", ApproveFlags{Project: true, System: true}, false, "--project and --system approve different levels: give one"},
		{"all and a command", ApproveFlags{All: true, Args: 1}, false, "approve takes a COMMAND or --all, not both"},
		{"all and an event", ApproveFlags{All: true, Event: "stop"}, false, "--event goes with a COMMAND, not with --all"},
		{"nothing", ApproveFlags{}, false, "approve takes one COMMAND (quote it if it has spaces), or --all"},
		{"two commands", ApproveFlags{Args: 2}, false, "approve takes one COMMAND (quote it if it has spaces), or --all"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			all, err := CheckApprove(tt.f)
			if got := errText(err); got != tt.wantErr || all != tt.all {
				t.Errorf("CheckApprove(%+v) = %v, %q; want %v, %q", tt.f, all, got, tt.all, tt.wantErr)
			}
		})
	}
}

func TestCheckRevoke(t *testing.T) {
	for _, tt := range []struct {
		name            string
		args            int
		event           string
		system, project bool
		wantErr         string
	}{
		{"one command", 1, "", false, false, ""},
		{"one command of the system level", 1, "stop", true, false, ""},
		{"the project's, all of them", 0, "", false, true, ""},
		{"one of the project's for an event", 1, "stop", false, true, ""},
		{"project and system", 1, "", true, true, "--project and --system revoke at different levels: give one"},
		{"the project's event without a command", 0, "stop", false, true, "--event goes with a COMMAND"},
		{"nothing", 0, "", false, false, "revoke takes one COMMAND (quote it if it has spaces)"},
		{"two of the project's", 2, "", false, true, "revoke takes one COMMAND (quote it if it has spaces)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := errText(CheckRevoke(tt.args, tt.event, tt.system, tt.project)); got != tt.wantErr {
				t.Errorf("got %q, want %q", got, tt.wantErr)
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
