package view

import (
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/display"
)

// A hook whose script is missing says so in the consent column once the script column went.
func TestHookTableScriptNote(t *testing.T) {
	d := &display.Doc{Width: 60}
	HookTable(d, []HookRow{{Matcher: "*", Command: "./log.sh", Timeout: "5s", FailClosed: "no", Consent: Cell{"not approved", Warning},
		Script: Cell{"missing /a/very/long/path/to/the/script/log.sh", Bad}, ScriptNote: Cell{"script missing", Bad}}})
	if text := d.Render(nil); !strings.Contains(text, "not approved, script missing") || strings.Contains(text, "SCRIPT") {
		t.Errorf("got\n%s", text)
	}
}

func TestHookTableGivesWay(t *testing.T) {
	rows := []HookRow{
		{Matcher: "terminal|read_file", Command: "~/.agent-hooks/block-destructive.sh --strict", Timeout: "30s", FailClosed: "yes",
			Consent: Cell{"approved", Good}, Date: "2026-11-01", Script: Cell{"ok /home/u/.agent-hooks/block-destructive.sh", Good}},
		{Matcher: "*", Command: "./log.sh", Timeout: "5s", FailClosed: "no",
			Consent: Cell{"not approved", Warning}, Script: Cell{"ok ./log.sh", Good}},
	}
	tests := []struct {
		name    string
		width   int
		has     []string
		hasNot  []string
		maxLine int
	}{
		{"no width: every column", 0, []string{"SCRIPT", "approved 2026-11-01", "ok /home/u/.agent-hooks/block-destructive.sh"}, nil, 0},
		{"the script column goes first", 112, []string{"approved 2026-11-01", "not approved"}, []string{"SCRIPT"}, 112},
		{"then the date", 105, []string{"CONSENT", "approved"}, []string{"SCRIPT", "2026-11-01"}, 105},
		{"then matchers and commands are shortened", 90, []string{"CONSENT", "…"}, []string{"SCRIPT"}, 90},
		{"last, three lines a hook", 60, []string{"  terminal|read_file\n", "    timeout 30s, fail_closed yes, approved 2026-11-01\n"}, []string{"CONSENT"}, 60},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := &display.Doc{Width: tt.width}
			HookTable(d, rows)
			text := d.Render(nil)
			for _, s := range tt.has {
				if !strings.Contains(text, s) {
					t.Errorf("missing %q in\n%s", s, text)
				}
			}
			for _, s := range tt.hasNot {
				if strings.Contains(text, s) {
					t.Errorf("has %q in\n%s", s, text)
				}
			}
			for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
				if n := len([]rune(l)); tt.maxLine > 0 && n > tt.maxLine {
					t.Errorf("line of %d > %d: %q", n, tt.maxLine, l)
				}
			}
		})
	}
}

func TestProjectProblems(t *testing.T) {
	layer := &consent.Project{Config: &config.Config{}, Store: consent.NewStore(t.TempDir() + "/allowlist.json")}
	tests := []struct {
		name     string
		v        *Project
		wantErrs int
		want     []string
	}{
		{"no project", nil, 0, nil},
		{"an unreadable config is one error", &Project{Root: "/r", Error: "bad yaml", Layer: layer}, 1, []string{"project /r: bad yaml: none of its hooks runs"}},
		{"warnings are said, not counted", &Project{Root: "/r", Layer: layer, Problems: []config.Problem{{File: "c.yaml", Line: 2, Col: 3, Severity: config.SeverityWarning, Message: "odd"}}}, 0, []string{"c.yaml:2:3"}},
		{"errors are counted", &Project{Root: "/r", Layer: layer, Problems: []config.Problem{{File: "c.yaml", Line: 2, Col: 3, Severity: config.SeverityError, Message: "bad"}}}, 1, []string{"c.yaml:2:3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lines, errs := ProjectProblems(tt.v)
			if errs != tt.wantErrs || len(lines) != len(tt.want) {
				t.Fatalf("got %q, %d errors", lines, errs)
			}
			for i, w := range tt.want {
				if !strings.Contains(lines[i], w) {
					t.Errorf("line %q lacks %q", lines[i], w)
				}
			}
		})
	}
}

func TestProjectLines(t *testing.T) {
	tests := []struct {
		name string
		v    *Project
		runs *Project
		want []string
	}{
		{"no hooks", &Project{Root: "/r", Config: "/r/.agent-hooks/config.yaml", Approvals: "/h/p.json"}, nil,
			[]string{"project: /r  (config /r/.agent-hooks/config.yaml; approvals /h/p.json)", "  no project hooks"}},
		{"a guard not approved says how to approve it", &Project{Root: "/r", Hooks: []ProjectHook{
			{Event: "pre_tool_call", Command: "./g.sh", FailClosed: true, Consent: consent.StatusNotApproved, State: "not approved"},
			{Event: "post_tool_call", Command: "./l.sh", Consent: consent.StatusApproved, Runs: true, State: "runs"}}}, nil,
			[]string{"  pre_tool_call  ./g.sh (guard)  not approved (review it, then in the project: hookctl hooks approve --project)", "  post_tool_call  ./l.sh  runs"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := &display.Doc{}
			ProjectLines(d, tt.v)
			text := d.Render(nil)
			for _, w := range tt.want {
				if !strings.Contains(text, w+"\n") {
					t.Errorf("missing %q in\n%s", w, text)
				}
			}
			runs := ProjectRuns(tt.v).Render(nil)
			if n := tt.v.NotRunning(); n > 0 && !strings.Contains(runs, "1 will not run") || n == 0 && !strings.Contains(runs, "all will run") {
				t.Errorf("runs: %s", runs)
			}
		})
	}
}

func TestApprovedProjectLines(t *testing.T) {
	tests := []struct {
		name string
		in   []ApprovedProject
		want string
	}{
		{"none approved: nothing", []ApprovedProject{{Root: "/r", File: "/h/a.json"}}, ""},
		{"counted, and a file without a root named", []ApprovedProject{{Root: "/r", Approvals: 2}, {File: "/h/b.json", Approvals: 1}},
			"projects with approved hooks (hookctl hooks revoke --project, in one, takes them back):\n  /r  2 hook(s) approved\n  (root not recorded) /h/b.json  1 hook(s) approved\n"},
		{"an unreadable file approves nothing", []ApprovedProject{{File: "/h/c.json", Error: "bad json"}},
			"projects with approved hooks (hookctl hooks revoke --project, in one, takes them back):\n  /h/c.json  approves nothing: bad json\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := &display.Doc{}
			ApprovedProjectLines(d, tt.in)
			if got := d.Render(nil); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
