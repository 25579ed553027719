package view

import (
	"testing"

	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/display"
)

func TestApproved(t *testing.T) {
	tests := []struct {
		name     string
		approved []consent.Approval
		want     string
	}{
		{"nothing", nil, "0 hook(s) approved in /h/allowlist.json\n"},
		{"a script pinned, its name made safe", []consent.Approval{{Event: "pre_tool_call", Command: "./g\x1b.sh",
			Script: &consent.ScriptPin{Path: "/p/g.sh", SHA256: "abc"}, Pin: "exec"}},
			"<approved> pre_tool_call  ./g\\x1b.sh\n  script: /p/g.sh\n  sha256: abc\n  pin:    exec\n1 hook(s) approved in /h/allowlist.json\n"},
		{"a command on PATH: no script", []consent.Approval{{Event: "pre_llm_call", Command: "ctx"}},
			"<approved> pre_llm_call  ctx\n1 hook(s) approved in /h/allowlist.json\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Approved(tt.approved, "/h/allowlist.json").Render(func(_ display.Tone, s string) string { return "<" + s + ">" })
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestProjectRevoked(t *testing.T) {
	tests := []struct {
		name          string
		what          string
		total, forgot int
		want          string
	}{
		{"every approval", "", 3, 0, "revoked 3 approval(s) of the project's hooks in the project /r\n"},
		{"one command, and a guard ended", "./g.sh on pre_tool_call", 1, 1,
			"revoked 1 approval(s) of ./g.sh on pre_tool_call in the project /r\nended 1 guard(s) of the project that its approvals no longer held\n"},
		{"only guards ended", "", 0, 2, "ended 2 guard(s) of the project that its approvals no longer held\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ProjectRevoked(tt.what, "/r", tt.total, tt.forgot).Render(nil); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	if ProjectDiffs(nil) != "" || ProjectDiffs(&Project{Root: "/r"}) != "" {
		t.Error("a project view without its layer has diffs")
	}
}

func TestAddedAndApproveLater(t *testing.T) {
	tests := []struct {
		name string
		doc  *display.Doc
		want string
	}{
		{"an entry without a matcher", Added("/h/config.yaml", "pre_llm_call", "", "./ctx.sh"),
			"added to /h/config.yaml, <not approved>:\n  pre_llm_call  -  ./ctx.sh\n"},
		{"a matcher, and a command made safe", Added("/h/config.yaml", "pre_tool_call", "terminal", "./g\x1b.sh"),
			"added to /h/config.yaml, <not approved>:\n  pre_tool_call  terminal  ./g\\x1b.sh\n"},
		{"the approve command, quoted for a shell", ApproveLater([][2]string{{"pre_tool_call", "./g.sh --strict"}, {"post_tool_call", "./l.sh"}}),
			"Review the script, then approve it at your terminal:\n  hookctl hooks approve './g.sh --strict' --event pre_tool_call\n  hookctl hooks approve ./l.sh --event post_tool_call\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.doc.Render(func(_ display.Tone, s string) string { return "<" + s + ">" }); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
