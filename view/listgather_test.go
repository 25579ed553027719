package view

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/doctor"
)

func TestGather(t *testing.T) {
	f := func(m string) doctor.Finding { return doctor.Finding{Severity: doctor.SeverityError, Message: m} }
	tests := []struct {
		name string
		p    ListParts
		want string // the findings' messages in order
	}{
		{"nothing: an empty list, not null", ListParts{}, ""},
		{"the order list shows", ListParts{Guards: []doctor.Finding{f("guard")}, Unwired: []doctor.Finding{f("unwired")},
			Switches: []doctor.Finding{f("switch")}, WallFindings: []doctor.Finding{f("wall")},
			System:  &System{Dir: "/etc/agent-hooks", Error: "unreadable"},
			Project: &Project{Root: "/r", Guards: []doctor.Finding{f("project")}}}, "system,guard,unwired,switch,wall,project"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var l List
			l.Gather(tt.p)
			var got []string
			for _, g := range l.Guards {
				got = append(got, g.Message)
			}
			joined := strings.Join(got, ",")
			if strings.HasPrefix(tt.want, "system") {
				if len(got) == 0 || !strings.Contains(got[0], "unreadable") && !strings.Contains(got[0], "/etc/agent-hooks") {
					t.Fatalf("the system level's finding is not first: %q", got)
				}
				joined = "system," + strings.Join(got[1:], ",")
			}
			if joined != tt.want {
				t.Errorf("got %q, want %q", joined, tt.want)
			}
			if b, _ := json.Marshal(l.Guards); string(b) == "null" {
				t.Error("guards marshal as null")
			}
		})
	}
}
