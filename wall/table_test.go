package wall

import (
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestDecide: the allow-list's construction, path by path.
func TestDecide(t *testing.T) {
	rows := []Row{
		{Path: "/home/p/.agent-hooks", Kind: KindTree},
		{Path: "/home/p/.agent-hooks/audit", Kind: KindOpen},
		{Path: "/home/p/.claude/settings.json", Kind: KindFile},
		{Path: "/usr/bin", Kind: KindTree},
	}
	for p, want := range map[string]plan{
		"/":                                   descend,
		"/etc":                                grant,
		"/home":                               descend,
		"/home/p":                             descend,
		"/home/p/src":                         grant,
		"/home/p/.agent-hooks":                descend,
		"/home/p/.agent-hooks/allowlist.json": skip,
		"/home/p/.agent-hooks/projects":       skip,
		"/home/p/.agent-hooks/audit":          grant,
		"/home/p/.agent-hooks-x":              grant,
		"/home/p/.claude":                     descend,
		"/home/p/.claude/projects":            grant,
		"/home/p/.claude/settings.json":       skip,
		"/usr":                                descend,
		"/usr/bin":                            skip,
		"/usr/lib":                            grant,
	} {
		if got := decide(rows, p); got != want {
			t.Errorf("%s: %d, want %d", p, got, want)
		}
	}
}

// TestProfile: the Seatbelt profile of a table, against testdata/seatbelt.golden (-update
// rewrites it).
func TestProfile(t *testing.T) {
	rows := []Row{
		{Path: "/Users/p/.agent-hooks", Kind: KindTree, Refused: Writes},
		{Path: "/Users/p/.agent-hooks/audit", Kind: KindOpen},
		{Path: "/Users/p/.claude/settings.json", Kind: KindFile, Refused: Writes},
		{Path: `/Users/p/odd "name"\dir`, Kind: KindTree, Refused: Writes},
		{Path: "/usr/local/libexec/hookctl", Kind: KindTree, Refused: Writes},
	}
	got := Profile(rows)
	golden := filepath.Join("testdata", "seatbelt.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("profile:\n%s\nwant:\n%s", got, want)
	}
}

// TestParents: each folder above a walled path once, nearest first, up to the root; the open
// paths left out.
func TestParents(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the paths here are POSIX paths")
	}
	rows := []Row{
		{Path: "/h/.agent-hooks/allowlist.json", Kind: KindFile},
		{Path: "/h/.agent-hooks/log", Kind: KindOpen},
		{Path: "/h/.claude/settings.json", Kind: KindFile},
		{Path: "/opt/hookctl/bin", Kind: KindTree},
	}
	if got, want := Parents(rows), "/h/.agent-hooks /h / /h/.claude /opt/hookctl /opt"; got != want {
		t.Errorf("Parents = %q, want %q", got, want)
	}
}
