package consent

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestBypassPerson(t *testing.T) {
	envNote, autoNote := []string{NoteEnvIgnored}, []string{NoteAutoAcceptIgnored}
	tests := []struct {
		name       string
		b          Bypass
		autoAccept bool
		// allowlist is "on" (auto-accept recorded), "off" (none recorded), "corrupt" or "".
		allowlist string
		want      bool
		notes     []string
	}{
		{name: "nothing", want: false},
		{name: "flag", b: Bypass{Flag: true}, want: true},
		{name: "flag under an agent, env set too", b: Bypass{Flag: true, Env: true, UnderAgent: true}, want: true},
		{name: "env", b: Bypass{Env: true}, want: true},
		{name: "auto-accept at a terminal, nothing recorded", autoAccept: true, allowlist: "off", want: true},
		{name: "env under an agent is ignored", b: Bypass{Env: true, UnderAgent: true}, want: false, notes: envNote},
		{name: "auto-accept under an agent, recorded", b: Bypass{UnderAgent: true}, autoAccept: true, allowlist: "on", want: true},
		{name: "auto-accept under an agent, not recorded", b: Bypass{UnderAgent: true}, autoAccept: true, allowlist: "off", want: false, notes: autoNote},
		{name: "auto-accept under an agent, no allowlist", b: Bypass{UnderAgent: true}, autoAccept: true, want: false, notes: autoNote},
		{name: "auto-accept under an agent, allowlist unreadable", b: Bypass{UnderAgent: true}, autoAccept: true, allowlist: "corrupt", want: false, notes: autoNote},
		{name: "recorded but config off", b: Bypass{UnderAgent: true}, allowlist: "on", want: false},
		{name: "env and auto-accept under an agent", b: Bypass{Env: true, UnderAgent: true}, autoAccept: true, allowlist: "off",
			want: false, notes: []string{NoteEnvIgnored, NoteAutoAcceptIgnored}},
		{name: "env and recorded auto-accept under an agent", b: Bypass{Env: true, UnderAgent: true}, autoAccept: true, allowlist: "on",
			want: true, notes: envNote},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			store := NewStore(filepath.Join(t.TempDir(), "allowlist.json"))
			switch tt.allowlist {
			case "on", "off":
				if _, err := store.SetAutoAccept(true); err != nil {
					t.Fatal(err)
				}
				if tt.allowlist == "off" {
					if _, err := store.SetAutoAccept(false); err != nil {
						t.Fatal(err)
					}
				}
			case "corrupt":
				if err := os.WriteFile(store.Path, []byte("{not json"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			got, notes := tt.b.Person(tt.autoAccept, store)
			if got != tt.want || !slices.Equal(notes, tt.notes) {
				t.Errorf("Person(%v) = %v, %q; want %v, %q", tt.autoAccept, got, notes, tt.want, tt.notes)
			}
		})
	}
}

func TestBypassProject(t *testing.T) {
	tests := []struct {
		b    Bypass
		want bool
	}{
		{Bypass{}, false},
		{Bypass{Flag: true}, true},
		{Bypass{Flag: true, UnderAgent: true}, true},
		{Bypass{Env: true}, true},
		{Bypass{Env: true, UnderAgent: true}, false},
		{Bypass{UnderAgent: true}, false},
	}
	for _, tt := range tests {
		t.Run(fmtBypass(tt.b), func(t *testing.T) {
			if got := tt.b.Project(); got != tt.want {
				t.Errorf("Project() = %v, want %v", got, tt.want)
			}
		})
	}
}

func fmtBypass(b Bypass) string {
	name := "none"
	for _, f := range []struct {
		on   bool
		word string
	}{{b.Flag, "flag"}, {b.Env, "env"}, {b.UnderAgent, "agent"}} {
		if f.on {
			name += "+" + f.word
		}
	}
	return name
}
