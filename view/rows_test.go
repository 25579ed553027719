package view

import (
	"testing"

	"github.com/hookctl/hookctl/consent"
)

func TestRowOf(t *testing.T) {
	at, was := "2026-11-20T10:00:00Z", "Bash"
	script := Script{Path: "/h/guard.sh", Exists: true, Executable: true}
	approved := Consent{Status: consent.StatusApproved, ApprovedAt: &at}
	tests := []struct {
		name string
		hook Hook
		want HookRow
	}{
		{"an approved guard", Hook{Event: "pre_tool_call", Matcher: "terminal", Command: "/h/guard.sh", TimeoutS: 30, FailClosed: true, Script: script, Consent: approved},
			HookRow{Matcher: "terminal", Command: "/h/guard.sh", Timeout: "30s", FailClosed: "yes", Consent: Cell{"approved", Good}, Date: "2026-11-20", Script: Cell{Text: "/h/guard.sh"}}},
		{"no matcher on a tool event, a clamped timeout", Hook{Event: "pre_tool_call", Command: "/h/guard.sh", TimeoutS: 0.5, TimeoutClamped: true, Script: script},
			HookRow{Matcher: "*", Command: "/h/guard.sh", Timeout: "0.5s (clamped)", FailClosed: "no", Consent: Cell{"not approved", Warning}, Script: Cell{Text: "/h/guard.sh"}}},
		{"a matcher where no tool is named", Hook{Event: "on_session_start", Matcher: "x", Command: "c", Agents: []string{"codex"}, Dialect: "codex", Script: script},
			HookRow{Matcher: "-", Command: "c (agents: codex) (dialect: codex)", Timeout: "0s", FailClosed: "no", Consent: Cell{"not approved", Warning}, Script: Cell{Text: "/h/guard.sh"}}},
		{"a matcher changed since approval", Hook{Event: "pre_tool_call", Matcher: "terminal", Command: "c", Script: script, Consent: Consent{Status: consent.StatusApproved, ApprovedAt: &at, ApprovedMatcher: &was}},
			HookRow{Matcher: "terminal", Command: "c", Timeout: "0s", FailClosed: "no", Consent: Cell{`approved, matcher changed (approved "Bash")`, Warning}, Date: "2026-11-20", Script: Cell{Text: "/h/guard.sh"}}},
		{"a script missing since approval", Hook{Event: "stop_x", Command: "c", Script: Script{Path: "/h/gone.sh"}, Consent: Consent{Status: consent.StatusChanged, Missing: true}},
			HookRow{Matcher: "-", Command: "c", Timeout: "0s", FailClosed: "no", Consent: Cell{"script missing since approval", Bad}, Script: Cell{"/h/gone.sh (missing)", Bad}, ScriptNote: Cell{"script missing", Bad}}},
		{"not executable, with pinned files", Hook{Event: "pre_tool_call", Command: "c", Script: Script{Path: "/h/s.sh", Exists: true, Files: []string{"lib.sh"}}, Consent: Consent{Status: consent.StatusChanged}},
			HookRow{Matcher: "*", Command: "c", Timeout: "0s", FailClosed: "no", Consent: Cell{"changed since approval", Bad}, Script: Cell{"/h/s.sh (not executable) + lib.sh", Warning}, ScriptNote: Cell{"script not executable", Warning}}},
		{"not found on PATH", Hook{Event: "pre_tool_call", Command: "nope"},
			HookRow{Matcher: "*", Command: "nope", Timeout: "0s", FailClosed: "no", Consent: Cell{"not approved", Warning}, Script: Cell{"not found on PATH", Bad}, ScriptNote: Cell{"script not found on PATH", Bad}}},
		{"a changed url hook says what changed", Hook{Event: "pre_tool_call", Command: "https://x", URL: "https://x", Consent: Consent{Status: consent.StatusChanged, Changed: "its headers"}},
			HookRow{Matcher: "*", Command: "https://x", Timeout: "0s", FailClosed: "no", Consent: Cell{"changed since approval: its headers", Bad}, Script: Cell{Text: "- (url hook)"}}},
		{"control characters are shown escaped", Hook{Event: "pre_tool_call", Command: "a\x1b[31mb", Script: Script{Path: "/h/\x07.sh", Exists: true, Executable: true}},
			HookRow{Matcher: "*", Command: `a\x1b[31mb`, Timeout: "0s", FailClosed: "no", Consent: Cell{"not approved", Warning}, Script: Cell{Text: `/h/\a.sh`}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := RowOf(tt.hook); got != tt.want {
				t.Errorf("RowOf =\n %+v\nwant\n %+v", got, tt.want)
			}
		})
	}
}
