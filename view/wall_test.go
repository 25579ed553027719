package view

import (
	"errors"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/wall"
)

func TestWallWiring(t *testing.T) {
	d, err := agent.Lookup("claude-code")
	if err != nil {
		t.Fatal(err)
	}
	home, other := t.TempDir(), t.TempDir()
	up := wall.Status{ABI: wall.MinABI + 2, State: wall.Up}
	partial := wall.Status{ABI: wall.MinABI, State: wall.Partial, Lacks: []string{"signals"}}
	down := wall.Status{State: wall.Unavailable, Reason: "no Landlock here"}
	was := []install.WallWired{{Agent: d.Name}}
	tests := []struct {
		name       string
		prefix     string
		err        error
		st         wall.Status
		remembered []install.WallWired
		wired      bool
		severity   doctor.Severity // "" for no finding
		says       string
	}{
		{"wired, up, this home", home, nil, up, was, true, "", ""},
		{"not wired, never was", "", nil, up, nil, false, "", ""},
		{"the prefix taken out", "", nil, up, was, false, doctor.SeverityError, "is gone from"},
		{"wired where it cannot go up", home, nil, down, was, true, doctor.SeverityError, "cannot go up on this machine: no Landlock here"},
		{"another home walled", other, nil, up, was, true, doctor.SeverityError, "walls the hookctl home " + other},
		{"partial", home, nil, partial, was, true, doctor.SeverityWarning, "cannot refuse signals"},
		{"the settings unreadable", "", errors.New("bad json"), up, was, false, doctor.SeverityWarning, "cannot tell whether the wall is wired: bad json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wired, fs := WallWiring(d, "/h/.claude/settings.json", tt.prefix, tt.err, tt.st, tt.remembered, home)
			if wired != tt.wired {
				t.Errorf("wired = %v, want %v", wired, tt.wired)
			}
			switch {
			case tt.severity == "" && len(fs) != 0:
				t.Errorf("findings %+v, want none", fs)
			case tt.severity != "" && (len(fs) != 1 || fs[0].Severity != tt.severity || !strings.Contains(fs[0].Message, tt.says)):
				t.Errorf("findings %+v, want one %s saying %q", fs, tt.severity, tt.says)
			}
		})
	}
}
