package install

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
)

// The install goldens with Windows paths (SPEC 21, 23.9): what `hookctl install AGENT` writes
// on Windows, built by the same functions on every platform.
const (
	winBin     = `C:\Program Files\hookctl\hookctl.exe`
	winHome    = `C:\Users\Jane O'Doë\.agent-hooks`
	winCmdHome = `C:\Users\jane\.agent-hooks` // cmd.exe takes one quoted word: no space here
)

// TestWindowsEntries writes each agent's entries as hookctl does on Windows, compares the file
// with testdata/windows/AGENT.json (go test -update rewrites them), and checks that the entry
// reads back as hookctl's own: a second install changes nothing and uninstall removes it.
func TestWindowsEntries(t *testing.T) {
	for _, tt := range []struct {
		agent string
		shell Shell
		want  string // the entry's command line before its deadline
	}{
		{"claude-code", GitBash, `'C:/Program Files/hookctl/hookctl.exe' run --agent claude-code --home 'C:\Users\Jane O'\''Doë\.agent-hooks' --guarded`},
		{"codex", PowerShell, `& 'C:\Program Files\hookctl\hookctl.exe' run --agent codex --home 'C:\Users\Jane O''Doë\.agent-hooks' --guarded`},
		{"gemini", PowerShell, `& 'C:\Program Files\hookctl\hookctl.exe' run --agent gemini --home 'C:\Users\Jane O''Doë\.agent-hooks' --guarded`},
		{"copilot", PowerShell, `& 'C:\Program Files\hookctl\hookctl.exe' run --agent copilot --home 'C:\Users\Jane O''Doë\.agent-hooks' --guarded`},
		{"cursor", Cmd, `"C:\Program Files\hookctl\hookctl.exe" run --agent cursor --home C:\Users\jane\.agent-hooks --guarded`},
		{"windsurf", Cmd, `"C:\Program Files\hookctl\hookctl.exe" run --agent windsurf --home C:\Users\jane\.agent-hooks --guarded`},
	} {
		t.Run(tt.agent, func(t *testing.T) {
			d, err := agent.Lookup(tt.agent)
			if err != nil {
				t.Fatal(err)
			}
			home := winHome
			if tt.shell == Cmd {
				home = winCmdHome
			}
			path := filepath.Join(t.TempDir(), "settings.json")
			tg := targetFor(d, path, winBin, RunFlags{Home: home, Guarded: true}, "windows")
			if tg.Err != nil || tg.Shell != tt.shell || tg.Command != tt.want {
				t.Fatalf("command for %s: %q (%v, shell %d)\nwant %q (shell %d)", tt.agent, tg.Command, tg.Err, tg.Shell, tt.want, tt.shell)
			}
			if tg.Name != "hookctl.exe" {
				t.Fatalf("Name = %q, want hookctl.exe", tg.Name)
			}
			pre, _ := d.InstallEvent("pre_tool_call")
			want := []Want{{Event: pre, Timeout: d.Timeout(65e9), Deadline: 65}}
			if _, err := Install(tg, want, false); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			compareGolden(t, filepath.Join("testdata", "windows", tt.agent+".json"), data)

			entry := EntryCommand(tg, want[0])
			if !IsOwnCommand(entry, tt.agent, "hookctl.exe") {
				t.Fatalf("IsOwnCommand(%q) = false", entry)
			}
			if n, ok := OwnDeadline(entry, tt.agent); !ok || n != 65 {
				t.Fatalf("OwnDeadline(%q) = %d, %v", entry, n, ok)
			}
			if b := OwnBinary(entry); programName(b) != "hookctl.exe" || !strings.HasPrefix(b, "C:") {
				t.Fatalf("OwnBinary(%q) = %q", entry, b)
			}
			o, _ := parseOwn(entry, tt.agent, "hookctl.exe")
			if o.flags.Home != home || !o.flags.Guarded {
				t.Fatalf("the entry reads back with --home %q (guarded %v), want %q", o.flags.Home, o.flags.Guarded, home)
			}
			if r, err := Install(tg, want, false); err != nil || r.Changed {
				t.Fatalf("a second install = %+v, %v; want nothing changed", r, err)
			}
			if _, err := Uninstall(tg, false); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
				t.Fatalf("uninstall left %s", path)
			}
		})
	}
}

// TestWindowsCommandRefusals: a path a shell cannot be given as one word is refused before
// anything is written, naming the path, never written as an entry that would run something
// else or nothing.
func TestWindowsCommandRefusals(t *testing.T) {
	for _, tt := range []struct {
		name, agent, bin, home, want string
	}{
		{"cmd: a second quoted word", "cursor", winBin, `C:\Users\Jane Doe\.agent-hooks`, `C:\Users\Jane Doe\.agent-hooks`},
		{"cmd: percent expands in quotes", "windsurf", `C:\100%\hookctl.exe`, winCmdHome, `C:\100%\hookctl.exe`},
		{"cmd: ampersand", "cursor", winBin, `C:\R&D\.agent-hooks`, `C:\R&D\.agent-hooks`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			d, _ := agent.Lookup(tt.agent)
			path := filepath.Join(t.TempDir(), "hooks.json")
			tg := targetFor(d, path, tt.bin, RunFlags{Home: tt.home}, "windows")
			_, err := Install(tg, []Want{{Event: "preToolUse", Timeout: 65, Deadline: 65}}, false)
			if !errors.Is(err, ErrUnquotable) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Install = %v, want ErrUnquotable naming %q", err, tt.want)
			}
			if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
				t.Fatal("a file was written")
			}
		})
	}
}

// TestSplitCommand reads each shell's form as that shell hands it to hookctl.
func TestSplitCommand(t *testing.T) {
	for _, tt := range []struct {
		line string
		want []string // nil: refused
	}{
		{`'/opt/hook ctl/hookctl' run --agent x`, []string{"/opt/hook ctl/hookctl", "run", "--agent", "x"}},
		{`'C:/a b/hookctl.exe' run --home 'C:\it'\''s'`, []string{"C:/a b/hookctl.exe", "run", "--home", `C:\it's`}},
		{`& 'C:\a b\hookctl.exe' run --home 'C:\it''s'`, []string{`C:\a b\hookctl.exe`, "run", "--home", `C:\it's`}},
		{`"C:\a b\hookctl.exe" run --home C:\x\.agent-hooks`, []string{`C:\a b\hookctl.exe`, "run", "--home", `C:\x\.agent-hooks`}},
		{`C:\hookctl\hookctl.exe run --agent cursor`, []string{`C:\hookctl\hookctl.exe`, "run", "--agent", "cursor"}},
		{`"C:\a b\hookctl.exe" run & calc`, nil},
		{`& 'C:\a\hookctl.exe' run; calc`, nil},
		{`& 'C:\a\hookctl.exe' run $(calc)`, nil},
		{`& 'C:\a\hookctl.exe`, nil},
	} {
		got, err := splitCommand(tt.line)
		if tt.want == nil {
			if err == nil {
				t.Errorf("splitCommand(%q) = %q, want refused", tt.line, got)
			}
			continue
		}
		if err != nil || strings.Join(got, "\x00") != strings.Join(tt.want, "\x00") {
			t.Errorf("splitCommand(%q) = %q, %v; want %q", tt.line, got, err, tt.want)
		}
	}
}
