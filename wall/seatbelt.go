package wall

import (
	"path"
	"slices"
	"strings"
)

// Profile is the wall's table as a Seatbelt profile for sandbox-exec -p (macOS): everything is
// allowed but writing under a walled path; the folders on the way to one cannot be removed or
// renamed (a rename of a parent moves the walled path, and Seatbelt judges a rename by its own
// path, not by what lies below); open paths are allowed again (the last matching rule wins);
// and signals reach only processes inside the same sandbox. Its paths are macOS paths, split
// at "/" on whatever system builds the profile.
func Profile(rows []Row) string {
	var b strings.Builder
	b.WriteString("(version 1)\n(allow default)\n")
	var walled, open []string
	parents := map[string]bool{}
	for _, r := range rows {
		if r.Kind == KindOpen {
			open = append(open, r.Path)
			continue
		}
		walled = append(walled, r.Path)
		for p := path.Dir(r.Path); p != path.Dir(p); p = path.Dir(p) {
			parents[p] = true
		}
	}
	rule(&b, "deny file-write*", "subpath", walled)
	rule(&b, "deny file-write-unlink", "literal", sortedKeys(parents))
	rule(&b, "allow file-write*", "subpath", open)
	b.WriteString("(deny signal)\n(allow signal (target same-sandbox))\n")
	return b.String()
}

// rule writes one SBPL rule with a filter per path, or nothing for no paths.
func rule(b *strings.Builder, action, filter string, paths []string) {
	if len(paths) == 0 {
		return
	}
	b.WriteString("(" + action)
	for _, p := range paths {
		b.WriteString("\n  (" + filter + " " + sbplString(p) + ")")
	}
	b.WriteString(")\n")
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// sbplString quotes s as an SBPL string: backslash and double quote escaped, nothing else
// (SBPL reads no \u escapes, so non-ASCII names stay as they are).
func sbplString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
