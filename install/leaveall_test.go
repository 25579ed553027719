package install

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/consent"
)

func TestLeaveAllRun(t *testing.T) {
	errTarget := errors.New("no settings file")
	tests := []struct {
		name string
		// personInside makes the person's home a folder inside the hookctl home.
		personInside bool
		wired        []Wiring
		targetErr    error
		yes, asked   bool
		wantErr      string
		wantAsked    bool
		wantRemoved  bool
	}{
		{name: "yes removes the home", yes: true, asked: true, wantAsked: true, wantRemoved: true},
		{name: "no terminal changes nothing", wantErr: "only a person at a terminal", wantAsked: true},
		{name: "no changes nothing", asked: true, wantErr: "not confirmed, nothing was changed", wantAsked: true},
		{name: "a home holding the person's is refused", personInside: true, yes: true, asked: true, wantErr: "holds your home folder"},
		{name: "an agent's target error stops it before asking", wired: []Wiring{{Agent: "codex", Scope: "user"}},
			targetErr: errTarget, yes: true, asked: true, wantErr: "no settings file"},
		{name: "a project's wiring is not the person's to unwire", wired: []Wiring{{Agent: "codex", Scope: "project"}},
			targetErr: errTarget, yes: true, asked: true, wantAsked: true, wantRemoved: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := filepath.Join(t.TempDir(), ".agent-hooks")
			if err := os.MkdirAll(home, 0o700); err != nil {
				t.Fatal(err)
			}
			person := filepath.Dir(home)
			if tt.personInside {
				person = filepath.Join(home, "me")
			}
			var question string
			l := LeaveAll{Home: home, PersonHomes: []string{person, ""}, Wired: tt.wired,
				Store:  consent.NewStore(filepath.Join(home, "allowlist.json")),
				Target: func(string) (Target, error) { return Target{}, tt.targetErr },
				Ask: func(q string) (bool, bool) {
					question = q
					return tt.yes, tt.asked
				},
			}
			got, _, err := l.Run()
			if err == nil && tt.wantErr != "" || err != nil && !strings.Contains(err.Error(), tt.wantErr) || err != nil && tt.wantErr == "" {
				t.Fatalf("Run() error = %v, want %q", err, tt.wantErr)
			}
			if (question != "") != tt.wantAsked || tt.wantAsked && !strings.Contains(question, home) {
				t.Errorf("asked %q, want asked %v naming %s", question, tt.wantAsked, home)
			}
			_, statErr := os.Stat(home)
			if removed := errors.Is(statErr, os.ErrNotExist); removed != tt.wantRemoved {
				t.Errorf("home removed %v, want %v", removed, tt.wantRemoved)
			}
			if err == nil && got != home {
				t.Errorf("Run() home = %s, want %s", got, home)
			}
		})
	}
}
