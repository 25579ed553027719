package selfguard

import (
	"errors"
	"strings"
	"testing"
)

// fakeWinFS answers as Windows does about a few files: names compare without case, a short
// (8.3) name stands for its long one, a junction leads to its target, FinalPath answers in
// the \\?\ form with the stored case and LongPath in the form it was given.
type fakeWinFS struct {
	exists    []string          // long names that exist (their folders exist too)
	short     map[string]string // a short name's folder path -> the long one
	junctions map[string]string // a junction -> its target
	asked     []string
}

var errNoFile = errors.New("the system cannot find the file specified")

func (f *fakeWinFS) walk(name string, junctions bool) (string, bool) {
	parts := strings.Split(name, `\`)
	cur := parts[0]
	for _, p := range parts[1:] {
		if p == "" {
			continue
		}
		cur += `\` + p
		for s, l := range f.short {
			if strings.EqualFold(cur, s) {
				cur = l
			}
		}
		for j, t := range f.junctions {
			if junctions && strings.EqualFold(cur, j) {
				cur = t
			}
		}
	}
	for _, e := range f.exists {
		if strings.EqualFold(e, cur) || strings.HasPrefix(strings.ToLower(e), strings.ToLower(cur)+`\`) {
			return e[:len(cur)], true
		}
	}
	return "", false
}

func (f *fakeWinFS) FinalPath(name string) (string, error) {
	f.asked = append(f.asked, name)
	if p, ok := f.walk(name, true); ok {
		return `\\?\` + p, nil
	}
	return "", errNoFile
}

func (f *fakeWinFS) LongPath(name string) (string, error) {
	f.asked = append(f.asked, name)
	if _, ok := f.walk(name, true); !ok {
		return "", errNoFile
	}
	p, _ := f.walk(name, false)
	return p, nil
}

const winAllow = `C:\Users\me\.agent-hooks\allowlist.json`

// TestWinCleanReadsEveryName: each name an agent may write for the allowlist is read as the
// allowlist (SPEC 24.9).
func TestWinCleanReadsEveryName(t *testing.T) {
	for _, name := range []string{
		`\\?\C:\Users\me\.agent-hooks\allowlist.json`,
		`\\.\C:\Users\me\.agent-hooks\allowlist.json`,
		`\??\C:\Users\me\.agent-hooks\allowlist.json`,
		`\\?\UNC\localhost\C$\Users\me\.agent-hooks\allowlist.json`,
		`\\.\UNC\127.0.0.1\c$\Users\me\.agent-hooks\allowlist.json`,
		`\\localhost\C$\Users\me\.agent-hooks\allowlist.json`,
		`\\LOCALHOST.\c$\Users\me\.agent-hooks\allowlist.json`,
		`\\127.0.0.1\C$\Users\me\.agent-hooks\allowlist.json`,
		`\\127.1\C$\Users\me\.agent-hooks\allowlist.json`,
		`\\0x7f000001\C$\Users\me\.agent-hooks\allowlist.json`,
		`\\2130706433\C$\Users\me\.agent-hooks\allowlist.json`,
		`\\0177.0.0.1\C$\Users\me\.agent-hooks\allowlist.json`,
		`\\[::1]\C$\Users\me\.agent-hooks\allowlist.json`,
		`\\::1\C$\Users\me\.agent-hooks\allowlist.json`,
		`\\--1.ipv6-literal.net\C$\Users\me\.agent-hooks\allowlist.json`,
		`//localhost/C$/Users/me/.agent-hooks/allowlist.json`,
		`//?/C:/Users/me/.agent-hooks/allowlist.json`,
		`c:\Users\me\.agent-hooks\allowlist.json`,
		`C:\Users\me\.agent-hooks\allowlist.json.`,
		`C:\Users\me\.agent-hooks\allowlist.json `,
		`C:\Users\me\.agent-hooks\allowlist.json. . .`,
		`C:\Users\me\.agent-hooks.\allowlist.json`,
		`C:\Users\me\.agent-hooks \allowlist.json`,
		`C:\Users\me\.agent-hooks\allowlist.json::$DATA`,
		`C:\Users\me\.agent-hooks\allowlist.json:$DATA`,
		`C:\Users\me\.agent-hooks\allowlist.json:hidden:$DATA`,
		`C:\Users\me\.agent-hooks\allowlist.json.::$DATA`,
		`C:\Users\me\x\..\.agent-hooks\.\allowlist.json`,
		`C:\Users\\me\\.agent-hooks\allowlist.json`,
		`\\?\UNC\localhost\C$\Users\me\.agent-hooks\allowlist.json. ::$DATA`,
	} {
		t.Run(name, func(t *testing.T) {
			if got := winClean(name); !strings.EqualFold(got, winAllow) {
				t.Errorf("winClean = %q, want %q", got, winAllow)
			}
		})
	}
}

// TestWinCleanKeepsOtherNames: a name on another machine, a share that is not a drive's, a
// volume by its GUID, and a relative name are not read as a local drive's.
func TestWinCleanKeepsOtherNames(t *testing.T) {
	for name, want := range map[string]string{
		`\\server\C$\Users\me\a.json`:             `\\server\C$\Users\me\a.json`,
		`\\10.0.0.1\c$\a`:                         `\\10.0.0.1\c$\a`,
		`\\localhost\Users\me\a`:                  `\\localhost\Users\me\a`,
		`\\?\Volume{1b3b}\Users\a`:                `\\?\Volume{1b3b}\Users\a`,
		`\\?\GLOBALROOT\Device\HarddiskVolume3\a`: `\\?\GLOBALROOT\Device\HarddiskVolume3\a`,
		`\Users\me\a.`:                            `\Users\me\a`,
		`.agent-hooks\allowlist.json::$DATA`:      `.agent-hooks\allowlist.json`,
		`C:\`:                                     `C:\`,
		`C:\..\..`:                                `C:\`,
	} {
		if got := winClean(name); got != want {
			t.Errorf("winClean(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestWinStreamOnly: a pattern whose known letters are only a stream's name names no file by
// them; one with any letter of a file's name, or a folder, still does.
func TestWinStreamOnly(t *testing.T) {
	for pattern, want := range map[string]bool{
		`*:USERPROFILE.agent-hooksconfig.yaml`: true, // sh's reading of $env:USERPROFILE\...
		`*::*`:                                 true,
		`**.:x`:                                true,
		`*`:                                    false, // no stream: judged as a pattern as ever
		`g*:x`:                                 false,
		`*.sh:x`:                               false,
		`\*:x`:                                 false,
		`*\*:x`:                                false,
		`C:*`:                                  false,
		`C:\*:x`:                               false,
		`allowlist.json:hidden:$DATA`:          false,
	} {
		if got := winStreamOnly(pattern); got != want {
			t.Errorf("winStreamOnly(%q) = %v, want %v", pattern, got, want)
		}
	}
}

func TestParseIPv4(t *testing.T) {
	for s, want := range map[string]uint32{
		"127.0.0.1": 0x7f000001, "127.1": 0x7f000001, "127.0.1": 0x7f000001, "0x7f.1": 0x7f000001,
		"2130706433": 0x7f000001, "0177.0.0.01": 0x7f000001, "10.0.0.1": 0x0a000001,
	} {
		if got, ok := parseIPv4(s); !ok || got != want {
			t.Errorf("parseIPv4(%q) = %#x, %v; want %#x", s, got, ok, want)
		}
	}
	for _, s := range []string{"", "localhost", "1.2.3.4.5", "256.0.0.1", "127.0.0.256", "1..2", "-1", "+1", "08"} {
		if _, ok := parseIPv4(s); ok {
			t.Errorf("parseIPv4(%q) ok", s)
		}
	}
}

// TestWinFinalAsksWindows: a junction or a short name that leads into the protected home is
// read as the home, whether the name below it exists yet or not.
func TestWinFinalAsksWindows(t *testing.T) {
	fs := &fakeWinFS{
		exists: []string{winAllow, `C:\Users\me\project\main.go`},
		short: map[string]string{
			`C:\Users\me\AGENT-~1`:                  `C:\Users\me\.agent-hooks`,
			`C:\Users\me\.agent-hooks\ALLOWL~1.JSO`: winAllow,
			`C:\PROGRA~1`:                           `C:\Program Files`,
		},
		junctions: map[string]string{
			`C:\Users\me\project\j`:     `C:\Users\me\.agent-hooks`,
			`C:\Documents and Settings`: `C:\Users`,
		},
	}
	tests := []struct{ name, want string }{
		{`C:\Users\me\project\j\allowlist.json`, winAllow},
		{`C:\Users\me\project\j\allowlist.guards.json`, `C:\Users\me\.agent-hooks\allowlist.guards.json`},
		{`C:\Users\me\project\j`, `C:\Users\me\.agent-hooks`},
		{`C:\Documents and Settings\me\.agent-hooks\allowlist.json`, winAllow},
		{`C:\Users\me\AGENT-~1\allowlist.json`, winAllow},
		{`C:\Users\me\agent-~1\new\file`, `C:\Users\me\.agent-hooks\new\file`},
		{`C:\Users\me\.agent-hooks\ALLOWL~1.JSO`, winAllow},
		{`C:\Users\me\project\main.go`, `C:\Users\me\project\main.go`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := winFinal(fs, tt.name)
			if !ok || !strings.EqualFold(got, tt.want) {
				t.Errorf("winFinal = %q, %v; want %q", got, ok, tt.want)
			}
		})
	}
}

// TestWinFinalLeavesAlone: a device name, another machine's share and a name on no volume are
// never opened; a name of which nothing exists is left to its letters.
func TestWinFinalLeavesAlone(t *testing.T) {
	fs := &fakeWinFS{exists: []string{winAllow}}
	for _, name := range []string{`C:\Users\me\CON`, `C:\Users\me\nul.txt\x`, `C:\x\COM1.json`, `C:\x\conin$`,
		`\\server\share\allowlist.json`, `\Users\me`, `allowlist.json`} {
		fs.asked = nil
		if got, ok := winFinal(fs, name); ok || len(fs.asked) > 0 {
			t.Errorf("winFinal(%q) = %q, %v; asked %q", name, got, ok, fs.asked)
		}
	}
	if got, ok := winFinal(fs, `D:\nothing\here`); ok {
		t.Errorf("winFinal of a missing name = %q", got)
	}
}

// TestWinReadings: cmd's ^ and PowerShell's backtick are read away, a line's end they escape
// joins the lines.
func TestWinReadings(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{`del a^llowlist.json`, []string{`del allowlist.json`}},
		{`del ^%USERPROFILE^%\.agent-hooks\allowlist.json`, []string{`del %USERPROFILE%\.agent-hooks\allowlist.json`}},
		{`echo a^^b`, []string{`echo a^b`}},
		{"Remove-Item allow`list.json", []string{"Remove-Item allowlist.json"}},
		{"Remove-Item `\r\n  allowlist.json", []string{"Remove-Item    allowlist.json"}},
		{"del ^\nallowlist.json", []string{"del  allowlist.json"}},
		{"a^b `c", []string{"ab `c", "a^b c"}},
		{"ls", nil},
	}
	for _, tt := range tests {
		got := winReadings(tt.src)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("winReadings(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}
