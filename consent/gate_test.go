package consent

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
)

func pinnedHook(t *testing.T, dir, content string) config.Hook {
	t.Helper()
	return config.Hook{Event: "pre_tool_call", Command: "./guard.sh", Script: writeScript(t, dir, "guard.sh", content)}
}

func TestGateDecide(t *testing.T) {
	never := func(config.Hook, Check) bool { t.Error("prompted"); return false }
	yes := func(config.Hook, Check) bool { return true }
	no := func(config.Hook, Check) bool { return false }
	tests := []struct {
		name      string
		approve   bool // approve the hook before deciding
		edit      bool // edit the script after approving
		bypass    bool
		prompt    Prompt
		want      Status
		wantAfter []string // the allowlist's pairs afterwards; nil means no file
	}{
		{name: "approved", approve: true, prompt: never, want: StatusApproved, wantAfter: []string{"pre_tool_call ./guard.sh"}},
		{name: "unapproved without terminal", want: StatusNotApproved},
		{name: "changed without terminal", approve: true, edit: true, want: StatusChanged, wantAfter: []string{"pre_tool_call ./guard.sh"}},
		{name: "prompt yes records", prompt: yes, want: StatusApproved, wantAfter: []string{"pre_tool_call ./guard.sh"}},
		{name: "prompt no skips", prompt: no, want: StatusNotApproved},
		{name: "changed, prompt no", approve: true, edit: true, prompt: no, want: StatusChanged, wantAfter: []string{"pre_tool_call ./guard.sh"}},
		{name: "bypass writes nothing", bypass: true, prompt: never, want: StatusApproved},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			s := newTestStore(t)
			h := pinnedHook(t, dir, "#!/bin/sh\necho {}\n")
			if tt.approve {
				mustApprove(t, s, h)
			}
			if tt.edit {
				writeScript(t, dir, "guard.sh", "#!/bin/sh\necho edited\n")
			}
			g := &Gate{Store: s, Bypass: tt.bypass, Prompt: tt.prompt}
			if got := g.Decide(context.Background(), h, ReadScript(h)); got != tt.want {
				t.Fatalf("Decide = %s, want %s", got, tt.want)
			}
			if tt.wantAfter == nil {
				if _, err := os.Stat(s.Path); !os.IsNotExist(err) {
					t.Fatalf("allowlist written (stat err %v)", err)
				}
				return
			}
			if got := strings.Join(pairs(t, s), ","); got != strings.Join(tt.wantAfter, ",") {
				t.Errorf("allowlist = %q, want %q", got, tt.wantAfter)
			}
		})
	}
}

// The approval a prompt records pins the content the person was shown, not the file as it
// is when they answer.
func TestGatePromptPinsWhatWasShown(t *testing.T) {
	dir := t.TempDir()
	s := newTestStore(t)
	h := pinnedHook(t, dir, "#!/bin/sh\necho shown\n")
	g := &Gate{Store: s, Prompt: func(_ config.Hook, c Check) bool {
		if c.Current == nil {
			t.Fatal("prompt shown no sha256")
		}
		writeScript(t, dir, "guard.sh", "#!/bin/sh\necho swapped\n")
		return true
	}}
	g.Decide(context.Background(), h, ReadScript(h))
	list, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if got := list.Check(h).Status; got != StatusChanged {
		t.Fatalf("after a swap during the prompt the hook is %s, want %s", got, StatusChanged)
	}
}

func TestGateCorruptAllowlist(t *testing.T) {
	for _, bypass := range []bool{false, true} {
		s := newTestStore(t)
		if err := os.MkdirAll(filepath.Dir(s.Path), 0o700); err != nil {
			t.Fatal(err)
		}
		corrupt := []byte(`{"version":1,"approvals":[`)
		if err := os.WriteFile(s.Path, corrupt, 0o600); err != nil {
			t.Fatal(err)
		}
		var warnings []string
		g := &Gate{Store: s, Bypass: bypass, Warn: func(m string) { warnings = append(warnings, m) },
			Prompt: func(config.Hook, Check) bool { return true }}
		h := pinnedHook(t, t.TempDir(), "#!/bin/sh\n")
		got := g.Decide(context.Background(), h, ReadScript(h))
		want := StatusApproved // by the bypass, or by the person at the prompt, for this run
		if got != want {
			t.Errorf("bypass=%v: Decide = %s, want %s", bypass, got, want)
		}
		if len(warnings) == 0 || !strings.Contains(warnings[0], s.Path) {
			t.Errorf("bypass=%v: warnings %q do not name the allowlist", bypass, warnings)
		}
		if data, _ := os.ReadFile(s.Path); !bytes.Equal(data, corrupt) {
			t.Errorf("bypass=%v: corrupt allowlist rewritten: %q", bypass, data)
		}
	}
}

func TestGateNilStoreApprovesNothing(t *testing.T) {
	g := &Gate{}
	if got := g.Decide(context.Background(), config.Hook{Event: "pre_tool_call", Command: "x"}, Script{}); got != StatusNotApproved {
		t.Fatalf("Decide = %s", got)
	}
}

// A Gate lives as long as the agent that embeds it: it sees a revocation, and another
// process's approval, made after its first decision.
func TestGateSeesChanges(t *testing.T) {
	s := newTestStore(t)
	h := pinnedHook(t, t.TempDir(), "#!/bin/sh\n")
	g := &Gate{Store: s}
	ctx := context.Background()
	if got := g.Decide(ctx, h, ReadScript(h)); got != StatusNotApproved {
		t.Fatalf("before approval: %s", got)
	}
	mustApprove(t, NewStore(s.Path), h) // as another process would
	if got := g.Decide(ctx, h, ReadScript(h)); got != StatusApproved {
		t.Fatalf("after approval: %s", got)
	}
	if n, err := NewStore(s.Path).Revoke(h.Command, ""); n != 1 || err != nil {
		t.Fatalf("revoke: %d %v", n, err)
	}
	if got := g.Decide(ctx, h, ReadScript(h)); got != StatusNotApproved {
		t.Fatalf("after revocation: %s", got)
	}
}
