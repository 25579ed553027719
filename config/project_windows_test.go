package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWindowsPathWords: on Windows a word with a backslash (kept by single quotes) or a drive
// names a path as a / does: the script it names is pinned, never left for a PATH lookup, and a
// path rooted without a drive lies on the config folder's drive, not under the config folder.
func TestWindowsPathWords(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "guard.ps1"), []byte("exit 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	drive := filepath.VolumeName(dir)
	for command, want := range map[string]string{
		`'.\guard.ps1'`:                  filepath.Join(dir, "guard.ps1"),
		`./guard.ps1`:                    filepath.Join(dir, "guard.ps1"),
		"'" + dir + `\guard.ps1'`:        filepath.Join(dir, "guard.ps1"),
		filepath.ToSlash(dir) + "/x.ps1": filepath.Join(dir, "x.ps1"),
		`/hooks/guard.ps1`:               drive + `\hooks\guard.ps1`,
		`pwsh -File '\hooks\guard.ps1'`:  drive + `\hooks\guard.ps1`,
	} {
		c := parseCommand(t, dir, command)
		if len(c.Hooks) != 1 {
			t.Fatalf("%s: problems %v", command, c.Problems)
		}
		h := c.Hooks[0]
		if h.Script != want || !h.Pinned() || filepath.Clean(h.Argv[h.ScriptWord]) != want {
			t.Errorf("%s: script %q (word %d of %q), pinned %v; want %q pinned, run by that path", command, h.Script, h.ScriptWord, h.Argv, h.Pinned(), want)
		}
	}
}

// TestProjectBackslashEscape is the attack: a project config names a script outside the
// repository with Windows' separator (..\outside\evil.sh), which a check for "../" alone
// would take for a file inside it.
func TestProjectBackslashEscape(t *testing.T) {
	root, _ := repo(t)
	for _, command := range []string{
		`'..\outside\evil.sh'`,
		`'.agent-hooks\..\..\outside\evil.sh'`,
		`python3 '..\outside\evil.sh'`,
		`python3 .agent-hooks/guard.py '..\outside\evil.sh'`,
	} {
		cfg := readProject(t, root, "hooks:\n  pre_tool_call:\n    - command: "+yamlQuote(command)+"\n")
		if len(cfg.Hooks) != 0 || len(cfg.Problems) != 1 || !strings.Contains(cfg.Problems[0].Message, "outside the repository") {
			t.Errorf("%s: hooks %v, problems %v; want it dropped as outside the repository", command, cfg.Hooks, cfg.Problems)
		}
	}
}

func yamlQuote(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}
