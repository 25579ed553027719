package consent

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
)

func TestRevokeDrops(t *testing.T) {
	hooks := []config.Hook{
		{Event: "pre_tool_call", Command: "guard", FailClosed: true},
		{Event: "post_tool_call", Command: "guard", FailClosed: true},
		{Event: "pre_tool_call", Command: "other"},
	}
	lost := []Guard{{Event: "pre_tool_call", Command: "gone"}}
	tests := []struct {
		name     string
		commands []string
		event    string
		also     []Guard
		record   string // "" keeps the record; else its new content
		want     string
		wantErr  bool
	}{
		{"every event of a guard", []string{"guard"}, "", nil, "", "[pre_tool_call guard]", false},
		{"its event", []string{"guard"}, "pre_tool_call", nil, "", "[pre_tool_call guard]", false},
		{"another event drops nothing", []string{"guard"}, "post_tool_call", nil, "", "[]", false},
		{"a hook that is no guard drops nothing", []string{"other"}, "", nil, "", "[]", false},
		{"guards remembered elsewhere count", []string{"guard", "gone"}, "pre_tool_call", lost, "", "[pre_tool_call guard pre_tool_call gone]", false},
		{"an untrusted record: the allowlist's guards", []string{"guard"}, "pre_tool_call", nil, "{not json", "[pre_tool_call guard]", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestStore(t)
			mustApprove(t, s, hooks...)
			if tt.record != "" {
				if err := os.WriteFile(strings.TrimSuffix(s.Path, ".json")+".guards.json", []byte(tt.record), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			drops, err := s.RevokeDrops(tt.commands, tt.event, tt.also)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err %v", err)
			}
			var got []string
			for _, c := range drops {
				got = append(got, c.Guard.Event+" "+c.Guard.Command)
			}
			if fmt.Sprint(got) != tt.want && !(got == nil && tt.want == "[]") {
				t.Errorf("got %q, want %s", got, tt.want)
			}
		})
	}
}

func TestRevokeEach(t *testing.T) {
	tests := []struct {
		name     string
		commands []string
		event    string
		want     int
		left     string
	}{
		{"each command on every event", []string{"a", "b"}, "", 3, "[]"},
		{"on one event", []string{"a", "b"}, "post_tool_call", 1, "[pre_tool_call a pre_tool_call b]"},
		{"none", nil, "", 0, "[post_tool_call a pre_tool_call a pre_tool_call b]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestStore(t)
			mustApprove(t, s, config.Hook{Event: "pre_tool_call", Command: "a"}, config.Hook{Event: "post_tool_call", Command: "a"}, config.Hook{Event: "pre_tool_call", Command: "b"})
			n, err := s.RevokeEach(tt.commands, tt.event)
			if err != nil || n != tt.want {
				t.Fatalf("RevokeEach = %d, %v; want %d", n, err, tt.want)
			}
			if got := pairs(t, s); fmt.Sprint(got) != tt.left && !(len(got) == 0 && tt.left == "[]") {
				t.Errorf("left %q, want %s", got, tt.left)
			}
		})
	}
}

func TestNoApproval(t *testing.T) {
	tests := []struct {
		name, command, want string
		corrupt             bool
	}{
		{"the closest approved command", "./gaurd.sh", `no approval of X to revoke: did you mean "./guard.sh"?`, false},
		{"nothing close", "something-else-entirely", "no approval of X to revoke", false},
		{"an unreadable allowlist suggests nothing", "./gaurd.sh", "no approval of X to revoke", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestStore(t)
			mustApprove(t, s, config.Hook{Event: "pre_tool_call", Command: "./guard.sh"})
			if tt.corrupt {
				if err := os.WriteFile(s.Path, []byte("{not json"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if got := s.NoApproval(tt.command, "X").Error(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestRevokeWhatAndHasApproval(t *testing.T) {
	if got := RevokeWhat("./g.sh", ""); got != "./g.sh" {
		t.Errorf("every event: %q", got)
	}
	if got := RevokeWhat("./g.sh", "pre_tool_call"); got != "./g.sh on pre_tool_call" {
		t.Errorf("one event: %q", got)
	}
	tests := []struct {
		name, command string
		corrupt, want bool
	}{
		{"approved", "./g.sh", false, true},
		{"not approved", "./other.sh", false, false},
		{"an unreadable allowlist may hold it", "./other.sh", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestStore(t)
			mustApprove(t, s, config.Hook{Event: "pre_tool_call", Command: "./g.sh"})
			if tt.corrupt {
				if err := os.WriteFile(s.Path, []byte("{not json"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if got := s.HasApproval(tt.command); got != tt.want {
				t.Errorf("HasApproval = %v", got)
			}
			list, err := s.LoadOrNone()
			if (err != nil) != tt.corrupt || list == nil || tt.corrupt && len(list.Approvals) != 0 {
				t.Errorf("LoadOrNone = %v, %v", list, err)
			}
		})
	}
}

func TestLostGuards(t *testing.T) {
	tests := []struct {
		name string
		lost []Gap
		want int
	}{
		{"none", nil, 0},
		{"each gap's guard", []Gap{{Guard: Guard{Event: "pre_tool_call", Command: "./a.sh"}}, {Guard: Guard{Event: "pre_tool_call", Command: "./b.sh"}}}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := (&Project{Lost: tt.lost}).LostGuards()
			if len(got) != tt.want {
				t.Fatalf("got %v", got)
			}
			for i, g := range got {
				if g.Event != tt.lost[i].Guard.Event || g.Command != tt.lost[i].Guard.Command {
					t.Errorf("guard %d: %v, want %v", i, g, tt.lost[i].Guard)
				}
			}
		})
	}
}
