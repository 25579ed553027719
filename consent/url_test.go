package consent

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hookctl/hookctl/config"
)

// TestCheckURLHook: a url hook is approved by (event, url) with nothing pinned, and an approval
// of the same text as a command that ran a script does not approve it.
func TestCheckURLHook(t *testing.T) {
	h := config.Hook{Event: "pre_llm_call", Command: "http://127.0.0.1:9/hooks", URL: "http://127.0.0.1:9/hooks"}
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	plain := &Allowlist{Approvals: []Approval{{Event: h.Event, Command: h.Command, ApprovedAt: at}}}
	if c := plain.Check(h); c.Status != StatusApproved || c.Current != nil {
		t.Errorf("url approval: %+v", c)
	}
	other := config.Hook{Event: "post_llm_call", Command: h.Command, URL: h.URL}
	if c := plain.Check(other); c.Status != StatusNotApproved {
		t.Errorf("another event's url hook: %+v", c)
	}
	asCommand := &Allowlist{Approvals: []Approval{{Event: h.Event, Command: h.Command, ApprovedAt: at,
		Script: &ScriptPin{Path: "/cfg/http:/127.0.0.1:9/hooks", SHA256: "00", Size: 1, Mtime: at}}}}
	if c := asCommand.Check(h); c.Status != StatusChanged {
		t.Errorf("approval of a command with a script covers the url: %+v", c)
	}
}

// urlHook loads one url hook of pre_llm_call from the entry's YAML lines (indented under
// "- url: ...").
func urlHook(t *testing.T, extra string) config.Hook {
	t.Helper()
	text := "hooks:\n  pre_llm_call:\n    - url: http://127.0.0.1:9/hooks\n" + extra
	c := config.Parse("/cfg/config.yaml", []byte(text), config.Options{LookupEnv: func(name string) (string, bool) {
		return "value-of-" + name, true
	}})
	if len(c.Problems) > 0 || len(c.Hooks) != 1 {
		t.Fatalf("config %q: hooks %+v, problems %v", text, c.Hooks, c.Problems)
	}
	return c.Hooks[0]
}

// TestURLApprovalCoversWhatItSends is the attack of 14.4: a url hook approved to send one
// header is edited, with its (event, url) unchanged, to send another header, a Host that points
// its request elsewhere, more of the environment or sherma's methods. Each edit must make the
// approval "changed" (a run skips it; a prompt asks again), and the reason must name what
// differs without printing a header's value.
func TestURLApprovalCoversWhatItSends(t *testing.T) {
	approved := urlHook(t, `      headers: {Authorization: "Bearer $TOKEN", X-Team: blue}
      allowed_env: [TOKEN]
`)
	s := newTestStore(t)
	mustApprove(t, s, approved)
	list, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if c := list.Check(approved); c.Status != StatusApproved || c.Reason != "" {
		t.Fatalf("the approved hook itself: %+v", c)
	}
	// The approval keeps the headers as written: the variable's value is never stored.
	data, err := os.ReadFile(s.Path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"Bearer $TOKEN"`) || strings.Contains(string(data), "value-of-TOKEN") {
		t.Fatalf("allowlist must record headers as written:\n%s", data)
	}

	tests := []struct {
		name, entry, reason string
	}{
		{"header value", "      headers: {Authorization: \"Bearer $TOKEN\", X-Team: red}\n      allowed_env: [TOKEN]\n",
			"headers differ (X-Team changed)"},
		{"header added", "      headers: {Authorization: \"Bearer $TOKEN\", X-Team: blue, X-Extra: one}\n      allowed_env: [TOKEN]\n",
			"headers differ (X-Extra added)"},
		{"Host", "      headers: {Authorization: \"Bearer $TOKEN\", X-Team: blue, Host: evil.example}\n      allowed_env: [TOKEN]\n",
			"headers differ (Host added)"},
		{"header removed", "      headers: {Authorization: \"Bearer $TOKEN\"}\n      allowed_env: [TOKEN]\n",
			"headers differ (X-Team removed)"},
		{"header renamed variable", "      headers: {Authorization: \"Bearer $AWS_SECRET\", X-Team: blue}\n      allowed_env: [AWS_SECRET]\n",
			"headers differ (Authorization changed); allowed_env differs (approved [TOKEN], now [AWS_SECRET])"},
		{"allowed_env widened", "      headers: {Authorization: \"Bearer $TOKEN\", X-Team: blue}\n      allowed_env: [TOKEN, HOME]\n",
			"allowed_env differs (approved [TOKEN], now [HOME, TOKEN])"},
		{"method", "      headers: {Authorization: \"Bearer $TOKEN\", X-Team: blue}\n      allowed_env: [TOKEN]\n      method: sherma\n",
			"method differs (approved hookctl, now sherma)"},
		{"nothing sent", "", "headers differ (Authorization removed, X-Team removed); allowed_env differs (approved [TOKEN], now [])"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := urlHook(t, tt.entry)
			c := list.Check(h)
			if c.Status != StatusChanged || !c.ContentChanged {
				t.Fatalf("status %s, want changed: %+v", c.Status, c)
			}
			if want := "changed since approval: " + tt.reason; c.Reason != want {
				t.Errorf("reason\n got %q\nwant %q", c.Reason, want)
			}
			if strings.Contains(c.Reason, "blue") || strings.Contains(c.Reason, "Bearer") {
				t.Errorf("reason shows a header's value: %q", c.Reason)
			}
		})
	}

	// Approving the new state records it.
	edited := urlHook(t, "      headers: {Authorization: \"Bearer $TOKEN\", X-Team: red}\n      allowed_env: [TOKEN]\n")
	mustApprove(t, s, edited)
	if list, err = s.Load(); err != nil {
		t.Fatal(err)
	}
	if c := list.Check(edited); c.Status != StatusApproved {
		t.Errorf("after approving the edit: %+v", c)
	}
}

// TestURLApprovalFromBeforeHeadersWereRecorded: an approval without a record of what the hook
// sends (as every allowlist written before it was kept) covers a url hook that sends nothing
// beyond its url, and no other: one with headers, allowed_env or a method shows as changed
// until approved again.
func TestURLApprovalFromBeforeHeadersWereRecorded(t *testing.T) {
	old, err := Decode([]byte(`{"version":1,"approvals":[{"event":"pre_llm_call","command":"http://127.0.0.1:9/hooks","matcher":"","approved_at":"2026-01-01T00:00:00Z","script":null}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if c := old.Check(urlHook(t, "      timeout: 3\n")); c.Status != StatusApproved {
		t.Errorf("a url hook sending nothing more: %+v", c)
	}
	for _, entry := range []string{
		"      headers: {X-Team: blue}\n",
		"      allowed_env: [TOKEN]\n",
		"      method: sherma\n",
	} {
		if c := old.Check(urlHook(t, entry)); c.Status != StatusChanged {
			t.Errorf("%q under an approval that did not record it: %+v", entry, c)
		}
	}
	// `method: hookctl` is the default written out: nothing changed.
	if c := old.Check(urlHook(t, "      method: hookctl\n")); c.Status != StatusApproved {
		t.Errorf("method: hookctl: %+v", c)
	}
}
