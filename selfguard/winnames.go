package selfguard

import (
	"strconv"
	"strings"
)

// Windows reads one file under many names (SPEC 24.9): \\?\C:\x, \\.\C:\x, \\?\UNC\localhost\
// C$\x and \\127.0.0.1\c$\x are C:\x; a trailing dot or space of a name is dropped
// (allowlist.json. is allowlist.json); allowlist.json::$DATA is the file's own content; and a
// junction or a short 8.3 name (AGENT-~1) leads elsewhere than its letters say. The reading of
// the letters is here, as plain functions on backslashed names that run on every system; what
// a name leads to is asked of Windows through winFS, whose fake in the tests answers as
// Windows does.

// winFS is what the self-guard asks Windows about a name that exists.
type winFS interface {
	// FinalPath is the path of the file an open of name reaches (GetFinalPathNameByHandle):
	// junctions, symbolic links and short names resolved, in the \\?\C:\... form. It fails
	// when nothing is there.
	FinalPath(name string) (string, error)
	// LongPath is name with each short (8.3) name made long (GetLongPathName). It fails when
	// nothing is there.
	LongPath(name string) (string, error)
}

// winClean reads a Windows name as the system does: slashes are backslashes; the \\?\ and
// \\.\ prefixes, \\?\UNC\ and a share of this machine's drive (\\localhost\C$) lead to the
// drive; . and .. are resolved; and each name loses its stream (::$DATA, :name:$DATA) and its
// trailing dots and spaces. A name with no volume keeps its leading backslash, if any.
func winClean(s string) string {
	s = strings.ReplaceAll(s, "/", `\`)
	vol, rest := winVolume(s)
	var out []string
	for _, c := range strings.Split(rest, `\`) {
		switch c {
		case "", ".":
			continue
		case "..":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			continue
		}
		if i := strings.IndexByte(c, ':'); i >= 0 {
			c = c[:i] // a stream of the file: its own content (::$DATA) or beside it
		}
		if c = strings.TrimRight(c, ". "); c == "" {
			continue
		}
		out = append(out, c)
	}
	if vol == "" && !strings.HasPrefix(s, `\`) {
		return strings.Join(out, `\`)
	}
	return vol + `\` + strings.Join(out, `\`)
}

// winStreamOnly reports a pattern whose known text is all in a stream's name: nothing but *
// before a colon ("*:x", sh's reading of PowerShell's $env:NAME\... or of $f:x) is, as Windows
// reads it, a stream of a file no letter of whose name is known, no more than "*" alone.
func winStreamOnly(pattern string) bool {
	return strings.IndexByte(pattern, ':') > 0 && strings.Trim(winClean(pattern), "*") == ""
}

// winVolume splits a backslashed name into its volume, as winClean writes it (C:, or
// \\host\share for another machine's share, or \\?\Volume{...} and the like kept as they are),
// and the rest.
func winVolume(s string) (vol, rest string) {
	lower := strings.ToLower(s)
	for _, p := range []string{`\\?\unc\`, `\\.\unc\`} {
		if strings.HasPrefix(lower, p) {
			return uncVolume(s[len(p):])
		}
	}
	for _, p := range []string{`\\?\`, `\\.\`, `\??\`} {
		if !strings.HasPrefix(lower, p) {
			continue
		}
		after := s[len(p):]
		if len(after) >= 2 && isLetter(after[0]) && after[1] == ':' {
			return strings.ToUpper(after[:1]) + ":", after[2:]
		}
		name, tail, _ := strings.Cut(after, `\`)
		return s[:len(p)] + name, tail
	}
	if strings.HasPrefix(s, `\\`) {
		return uncVolume(s[2:])
	}
	if len(s) >= 2 && isLetter(s[0]) && s[1] == ':' {
		return strings.ToUpper(s[:1]) + ":", s[2:]
	}
	return "", s
}

// uncVolume reads host\share\rest: a drive's administrative share on this machine (C$) is
// the drive itself.
func uncVolume(s string) (vol, rest string) {
	host, tail, _ := strings.Cut(s, `\`)
	share, rest, _ := strings.Cut(tail, `\`)
	if len(share) == 2 && isLetter(share[0]) && share[1] == '$' && localHost(host) {
		return strings.ToUpper(share[:1]) + ":", rest
	}
	return `\\` + host + `\` + share, rest
}

// localHost reports whether a UNC host name is this machine: localhost, a loopback address in
// any spelling Windows' resolver takes (127.0.0.1, 127.1, 0x7f.1, [::1], the
// --1.ipv6-literal.net form), or one of localNames.
func localHost(h string) bool {
	h = strings.TrimSuffix(strings.ToLower(h), ".")
	switch h {
	case "localhost", "::1", "[::1]", "0:0:0:0:0:0:0:1", "[0:0:0:0:0:0:0:1]", "--1.ipv6-literal.net",
		"0--1.ipv6-literal.net", "::ffff:127.0.0.1", "[::ffff:127.0.0.1]":
		return true
	}
	if ip, ok := parseIPv4(h); ok && ip>>24 == 127 {
		return true
	}
	for _, n := range localNames() {
		if h == strings.ToLower(n) {
			return true
		}
	}
	return false
}

// parseIPv4 reads an IPv4 address as inet_aton does: one to four parts, each decimal, octal
// (0 first) or hexadecimal (0x first), the last filling the bytes left.
func parseIPv4(s string) (uint32, bool) {
	parts := strings.Split(s, ".")
	if s == "" || len(parts) > 4 {
		return 0, false
	}
	var ip uint32
	for i, p := range parts {
		n, err := strconv.ParseUint(p, 0, 32)
		if err != nil || p == "" || p[0] == '+' || p[0] == '-' {
			return 0, false
		}
		if i < len(parts)-1 {
			if n > 255 {
				return 0, false
			}
			ip |= uint32(n) << (24 - 8*i)
			continue
		}
		if bits := 8 * (4 - i); bits < 32 && n >= 1<<bits {
			return 0, false
		}
		ip |= uint32(n)
	}
	return ip, true
}

// maxWinParts bounds how many names of a path are asked about, one folder up at a time.
const maxWinParts = 64

// winFinal is what name, a cleaned absolute name on a drive, leads to on Windows: the final
// path of the nearest existing name along it (itself, or a folder holding it), or its long
// name when it cannot be opened, with the names below that appended. ok is false when Windows
// knows nothing of it, or it is not a name to open (another machine's share, a device).
func winFinal(fs winFS, name string) (string, bool) {
	vol, rest := winVolume(name)
	if len(vol) != 2 || winDevice(rest) || strings.Count(rest, `\`) > maxWinParts {
		return "", false
	}
	p, below := winClean(name), ""
	for {
		if f, err := fs.FinalPath(p); err == nil {
			return winJoin(winClean(f), below), true
		}
		if l, err := fs.LongPath(p); err == nil {
			return winJoin(winClean(l), below), true
		}
		i := strings.LastIndexByte(p, '\\')
		if i <= len(vol) {
			return "", false
		}
		below = winJoin(p[i+1:], below)
		p = p[:i]
	}
}

func winJoin(dir, name string) string {
	switch {
	case name == "":
		return dir
	case strings.HasSuffix(dir, `\`):
		return dir + name
	}
	return dir + `\` + name
}

// winDevice reports a name that Windows opens as a device wherever it stands (CON, NUL,
// COM1.txt...): such a name is never opened to ask what it is.
func winDevice(rest string) bool {
	for _, c := range strings.Split(rest, `\`) {
		base, _, _ := strings.Cut(strings.ToLower(strings.TrimRight(c, ". ")), ".")
		base = strings.TrimRight(base, " ")
		switch base {
		case "con", "prn", "aux", "nul", "conin$", "conout$", "clock$":
			return true
		}
		if len(base) == 4 && (strings.HasPrefix(base, "com") || strings.HasPrefix(base, "lpt")) &&
			(base[3] >= '0' && base[3] <= '9') {
			return true
		}
	}
	return false
}

// winReadings are the other readings of a command line that PowerShell and cmd.exe give it,
// which sh does not: cmd's ^ escapes the next character (a^llowlist.json, ^%USERPROFILE^%) and
// PowerShell's backtick does (allow`list.json); either before a line's end joins the lines.
func winReadings(src string) []string {
	var out []string
	for _, esc := range []byte{'^', '`'} {
		if strings.IndexByte(src, esc) >= 0 {
			out = append(out, unescapeWith(src, esc))
		}
	}
	return out
}

// unescapeWith drops each escape character, keeping the character it escapes; an escaped line
// end becomes a space.
func unescapeWith(s string, esc byte) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != esc {
			b.WriteByte(s[i])
			continue
		}
		if i+1 >= len(s) {
			break
		}
		i++
		switch {
		case s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n':
			i++
			b.WriteByte(' ')
		case s[i] == '\n' || s[i] == '\r':
			b.WriteByte(' ')
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
