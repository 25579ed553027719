package agent

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// namedElsewhere are the places outside this package that may name an agent (by its name, one
// of its signs, or the variable that moves its folder) in a string literal, each with the
// reason; the key is the file, slash-separated from the module's root, and the literal.
var namedElsewhere = map[[2]string]string{
	// doctor's words: first match wins across agents, and preToolUse is Copilot's, Cursor's and
	// Cline's alike; moving them into the registrations needs a rule for a shared word first.
	{"doctor/dialect.go", "claude-code"}: "doctor's script words, in their precedence order",
	{"doctor/dialect.go", "copilot"}:     "doctor's script words, in their precedence order",
	{"doctor/dialect.go", "gemini"}:      "doctor's script words, in their precedence order",
	{"doctor/dialect.go", "cursor"}:      "doctor's script words, in their precedence order",
	{"doctor/dialect.go", "windsurf"}:    "doctor's script words, in their precedence order",
	{"doctor/dialect.go", "cline"}:       "doctor's script words, in their precedence order",
	// Trust steps: code that reads an agent's own trust files (Codex's hooks trust, Gemini
	// CLI's trusted folders, Copilot CLI's trusted folders); each is that agent's alone.
	{"install/agenttrust.go", "codex"}:            "Codex's trust step",
	{"install/agenttrust.go", "gemini"}:           "Gemini CLI's trust step",
	{"install/codextrust.go", "codex"}:            "Codex's trust step",
	{"install/codextrust.go", "CODEX_HOME"}:       "Codex's trust step reads its home (Codex's DirEnv)",
	{"install/geminitrust.go", "GEMINI_CLI_HOME"}: "Gemini CLI's trust step reads its home (Gemini CLI's HomeEnv)",
	{"install/trust.go", "copilot"}:               "Copilot CLI's trust step",
	{"install/plan.go", "copilot"}:                "Copilot CLI's trust warning at install",
	{"install/nextstep.go", "codex"}:              "Codex's trust step, told after install",
	{"install/nextstep.go", "gemini"}:             "Gemini CLI's trust step, told after install",
	// The wall's shell prefix is a setting only Claude Code offers (SPEC 28.4).
	{"install/installflags.go", "claude-code"}: "the one agent with a shell prefix setting (--wall)",
}

// TestNoOtherAgentList: outside this package (and the end-to-end suite, tests and docs), no
// Go file names an agent, one of its signs or the variable that moves its folder in a string
// literal, but the few places namedElsewhere gives a reason for: an agent's facts live in its
// registration, and a list kept elsewhere would give the next agent a quiet default.
func TestNoOtherAgentList(t *testing.T) {
	names := map[string]bool{}
	for _, d := range Dialects() {
		names[d.Name] = true
		if d.DirEnv != "" {
			names[d.DirEnv] = true
		}
		if d.HomeEnv != "" {
			names[d.HomeEnv] = true
		}
		for _, list := range [][]string{d.Signs.Variables, d.Signs.Programs, d.Signs.Packages} {
			for _, s := range list {
				names[s] = true
			}
		}
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[2]string]bool{}
	err = filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, root+string(filepath.Separator)))
		if e.IsDir() {
			if path != root && (strings.HasPrefix(e.Name(), ".") || slices.Contains([]string{"agent", "e2e", "docs", "testdata"}, rel) || e.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		for _, lit := range agentLiterals(t, path, names) {
			key := [2]string{rel, lit}
			seen[key] = true
			if _, ok := namedElsewhere[key]; !ok {
				t.Errorf("%s names %q: an agent's facts belong in its registration (agent/), or give the place a reason in namedElsewhere", rel, lit)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for key := range namedElsewhere {
		if !seen[key] {
			t.Errorf("namedElsewhere lists %s naming %q, which it no longer does: drop the entry", key[0], key[1])
		}
	}
}

// agentLiterals are the string literals of the Go file at path that equal one of names.
func agentLiterals(t *testing.T, path string, names map[string]bool) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		if s, err := strconv.Unquote(lit.Value); err == nil && names[s] {
			out = append(out, s)
		}
		return true
	})
	return out
}
