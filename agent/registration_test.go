package agent

import (
	"slices"
	"testing"
)

// missingParts names every part of an agent's registration that is missing or empty (SPEC
// 26.1): what hookctl must know of an agent to run, wire, detect and guard it. A part an agent
// has none of is declared so, with the reason (a None), never left out.
func missingParts(d *Dialect) []string {
	var out []string
	need := func(ok bool, part string) {
		if !ok {
			out = append(out, part)
		}
	}
	need(d.Name != "", "Name")
	need(d.Title != "", "Title")
	need(len(d.Events) > 0, "Events")
	need(len(d.Tools) > 0, "Tools")
	need(len(d.toolRows) > 0, "tool rows (tools.go)")
	need(d.Reader != nil, "Reader")
	need(d.Writer != nil || d.own, "Writer")
	need(d.TimeoutUnit > 0, "TimeoutUnit")
	s := d.Signs
	need(len(s.Variables)+len(s.Programs)+len(s.Packages) > 0 != (s.None != ""), "Signs (variables, programs or packages, or None)")
	sw := d.switches
	hasSwitch := len(sw.Files) > 0 && sw.Key != "" && sw.Read != nil && len(sw.Needles) > 0 && sw.Live != ""
	need(hasSwitch != (sw.None != ""), "switches (Files, Key, Read, Needles and Live, or None)")
	if d.SettingsFile == "" {
		// An agent hookctl does not wire (Hermes calls hookctl itself) has no wiring parts.
		need(d.Layout == "" && d.WindowsShell == "" && d.Admin.File("linux")+d.Admin.File("darwin")+d.Admin.File("windows") == "",
			"SettingsFile (wiring parts without a settings file)")
		return out
	}
	need((d.HookFiles || d.Plugin != nil) != slices.Contains(Layouts, d.Layout), "Layout (one of Layouts, or HookFiles or Plugin)")
	need(slices.Contains(Shells, d.WindowsShell), "WindowsShell (one of Shells)")
	f := d.FailSwitch
	need((f.Key != "" && f.Value != nil) != (f.None != ""), "FailSwitch (Key and Value, or None)")
	need(f.Proven == false || f.Key != "", "FailSwitch (Proven without a Key)")
	a := d.Admin
	files := a.Linux != "" || a.Darwin != "" || a.Windows != ""
	need(files != (a.None != ""), "Admin (a file on some platform, or None)")
	need(a.Layout == "" || slices.Contains(Layouts, a.Layout), "Admin.Layout (one of Layouts)")
	need((a.Pin == "") == (a.PinValue == nil), "Admin.Pin with its PinValue")
	return out
}

// TestRegistrationsComplete: every registered agent has every part, or says why it has none.
func TestRegistrationsComplete(t *testing.T) {
	if len(registry()) < 8 {
		t.Fatalf("%d agents registered, want at least 8", len(registry()))
	}
	for _, d := range Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			for _, part := range missingParts(d) {
				t.Errorf("%s's registration lacks %s", d.Name, part)
			}
			if got := switchTable()[d.Name]; got.Key != d.switches.Key || got.None != d.switches.None {
				t.Errorf("%s: switchTable is not its registration's switches", d.Name)
			}
		})
	}
}

// TestMissingPartsNamesEach: a registration with one part taken away is reported by that part's
// name, so the test above cannot pass an agent that lacks one.
func TestMissingPartsNamesEach(t *testing.T) {
	for _, tc := range []struct {
		part string
		drop func(d *Dialect)
	}{
		{"Name", func(d *Dialect) { d.Name = "" }},
		{"Title", func(d *Dialect) { d.Title = "" }},
		{"Events", func(d *Dialect) { d.Events = nil }},
		{"Tools", func(d *Dialect) { d.Tools = nil }},
		{"tool rows (tools.go)", func(d *Dialect) { d.toolRows = nil }},
		{"Reader", func(d *Dialect) { d.Reader = nil }},
		{"Writer", func(d *Dialect) { d.Writer = nil }},
		{"TimeoutUnit", func(d *Dialect) { d.TimeoutUnit = 0 }},
		{"Signs (variables, programs or packages, or None)", func(d *Dialect) { d.Signs = Signs{} }},
		{"Signs (variables, programs or packages, or None)", func(d *Dialect) { d.Signs.None = "none" }},
		{"switches (Files, Key, Read, Needles and Live, or None)", func(d *Dialect) { d.switches = Switches{} }},
		{"switches (Files, Key, Read, Needles and Live, or None)", func(d *Dialect) { d.switches.Read = nil }},
		{"Layout (one of Layouts, or HookFiles or Plugin)", func(d *Dialect) { d.Layout = "" }},
		{"Layout (one of Layouts, or HookFiles or Plugin)", func(d *Dialect) { d.Layout = "nested" }},
		{"WindowsShell (one of Shells)", func(d *Dialect) { d.WindowsShell = "" }},
		{"FailSwitch (Key and Value, or None)", func(d *Dialect) { d.FailSwitch = FailSwitch{} }},
		{"FailSwitch (Key and Value, or None)", func(d *Dialect) { d.FailSwitch.Value = nil }},
		{"Admin (a file on some platform, or None)", func(d *Dialect) { d.Admin = Admin{} }},
		{"Admin.Layout (one of Layouts)", func(d *Dialect) { d.Admin.Layout = "toml" }},
		{"Admin.Pin with its PinValue", func(d *Dialect) { d.Admin.PinValue = nil }},
		{"SettingsFile (wiring parts without a settings file)", func(d *Dialect) { d.SettingsFile = "" }},
	} {
		t.Run(tc.part, func(t *testing.T) {
			d := claudeCode
			if missing := missingParts(&d); len(missing) != 0 {
				t.Fatalf("Claude Code's registration lacks %v", missing)
			}
			tc.drop(&d)
			if missing := missingParts(&d); !slices.Contains(missing, tc.part) {
				t.Errorf("missing parts = %q, want %q among them", missing, tc.part)
			}
		})
	}
}
