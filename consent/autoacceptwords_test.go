package consent

import (
	"strings"
	"testing"
)

func TestAutoAcceptWords(t *testing.T) {
	for _, tc := range []struct {
		on, changed    bool
		command, state string
	}{
		{true, true, "hooks auto-accept on", "on: hooks_auto_accept: true counts under run --agent"},
		{true, false, "hooks auto-accept on", "already on: hooks_auto_accept: true counts under run --agent"},
		{false, true, "hooks auto-accept off", "off: hooks_auto_accept counts under run --agent no more"},
		{false, false, "hooks auto-accept off", "already off: hooks_auto_accept counts under run --agent no more"},
	} {
		t.Run(tc.state, func(t *testing.T) {
			if got := AutoAcceptCommand(tc.on); got != tc.command {
				t.Errorf("AutoAcceptCommand = %q, want %q", got, tc.command)
			}
			if got := AutoAcceptState(tc.on, tc.changed); got != tc.state {
				t.Errorf("AutoAcceptState = %q, want %q", got, tc.state)
			}
		})
	}
	q := AutoAcceptQuestion("/h/\x1b[2Jconfig.yaml")
	if strings.Contains(q, "\x1b") || !strings.HasPrefix(q, "hooks_auto_accept: true in /h/\\x1b[2Jconfig.yaml will then run every hook") || !strings.HasSuffix(q, "Turn it on? [y/N] ") {
		t.Errorf("AutoAcceptQuestion = %q", q)
	}
}
