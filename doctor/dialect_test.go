package doctor

import (
	"strings"
	"testing"

	"github.com/hookctl/hookctl/consent"
)

// A guard approved while only Claude Code was wired, then Copilot wired: SPEC 19's silent
// mismatch, reported with the fix; a guard with a dialect, or with agents that keep it to one
// shape, is not.
func TestDialectFindings(t *testing.T) {
	bash := consent.Guard{Event: "pre_tool_call", Command: "./g.sh", Matcher: []string{"Bash"}, FailClosed: true}
	own := consent.Guard{Event: "pre_tool_call", Command: "./g.sh", Matcher: []string{"terminal"}, FailClosed: true, Dialect: "hookctl"}
	ccDialect := bash
	ccDialect.Dialect = "claude-code"
	kept := bash
	kept.Agents = []string{"claude-code"}
	writes := consent.Guard{Event: "pre_tool_call", Command: "./w.sh", Matcher: []string{"Write"}, FailClosed: true}
	for _, tt := range []struct {
		name   string
		guard  consent.Guard
		wired  []string
		adding string
		want   []string // substrings, one per finding
	}{
		{"install copilot after claude-code", bash, []string{"claude-code"}, "copilot",
			[]string{"has no dialect: it reads Claude Code's payload", "covers none of Copilot CLI's shell tools (bash, powershell)"}},
		{"install codex after claude-code: same shape", bash, []string{"claude-code"}, "codex", nil},
		{"first install", bash, nil, "claude-code", nil},
		{"doctor: both wired", bash, []string{"claude-code", "gemini"}, "",
			[]string{"feeds it Gemini CLI's own", "covers none of Gemini CLI's shell tools"}},
		{"dialect hookctl", own, []string{"claude-code"}, "copilot", nil},
		{"dialect claude-code", ccDialect, []string{"claude-code", "cline"}, "", nil},
		{"agents keep it to claude-code", kept, []string{"claude-code"}, "copilot", nil},
		{"a guard of writes only", writes, []string{"claude-code"}, "cline", []string{"has no dialect"}},
	} {
		got := DialectFindings([]consent.Guard{tt.guard}, tt.wired, tt.adding)
		if len(got) != len(tt.want) {
			t.Errorf("%s: %d findings %+v, want %d", tt.name, len(got), got, len(tt.want))
			continue
		}
		for i, f := range got {
			if f.Severity != SeverityError || !strings.Contains(f.Message, tt.want[i]) || !strings.Contains(f.Fix, "dialect: ") {
				t.Errorf("%s: finding %+v, want an error saying %q with a dialect fix", tt.name, f, tt.want[i])
			}
		}
	}
}
