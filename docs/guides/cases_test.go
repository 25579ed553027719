package guides

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/internal/wintest"
)

// TestGuardTables runs each guard's table of cases (guards/*.cases.yaml) as a guard's author
// and CI do, `hookctl hooks test --cases`, over the guides' config: every case must pass.
func TestGuardTables(t *testing.T) {
	wintest.NeedsShell(t)
	tables, _ := filepath.Glob(filepath.Join("guards", "*.cases.yaml"))
	if len(tables) < 2 {
		t.Fatalf("guards/ holds %d tables of cases, want one per guard", len(tables))
	}
	for _, table := range tables {
		t.Run(filepath.Base(table), func(t *testing.T) {
			t.Parallel()
			out, code := runCases(t, table)
			if code != 0 || !strings.Contains(out, ", 0 failed\n") {
				t.Errorf("hooks test --cases %s: exit status %d\n%s", table, code, out)
			}
		})
	}
}

// TestGuardTablesChangedExpectation turns each table's first "expect: allow" into a block and
// its first "expect: block" into an allow: the run must exit 1 naming both cases' lines.
func TestGuardTablesChangedExpectation(t *testing.T) {
	wintest.NeedsShell(t)
	tables, _ := filepath.Glob(filepath.Join("guards", "*.cases.yaml"))
	for _, table := range tables {
		t.Run(filepath.Base(table), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(table)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(string(data), "\n")
			flipped := []int{firstLine(lines, "expect: allow"), firstLine(lines, "expect: block")}
			if flipped[0] < 0 || flipped[1] < 0 {
				t.Fatalf("%s has no allow and block case to change", table)
			}
			lines[flipped[0]] = strings.Replace(lines[flipped[0]], "allow", "block", 1)
			lines[flipped[1]] = strings.Replace(lines[flipped[1]], "block", "allow", 1)
			changed := filepath.Join(t.TempDir(), "changed.cases.yaml")
			if err := os.WriteFile(changed, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
			out, code := runCases(t, changed)
			if code != 1 || !strings.Contains(out, ", 2 failed\n") {
				t.Fatalf("a changed expectation: exit status %d, want 1 and two failures\n%s", code, out)
			}
			for _, i := range flipped {
				if !caseFailed(out, changed, lines, i) {
					t.Errorf("the changed case near line %d is not reported as failing\n%s", i+1, out)
				}
			}
		})
	}
}

// firstLine is the index of the first line that reads want, -1 for none.
func firstLine(lines []string, want string) int {
	for i, l := range lines {
		if strings.TrimSpace(l) == want {
			return i
		}
	}
	return -1
}

// caseFailed says whether out reports as failing the case whose expect is on line i (0-based).
func caseFailed(out, file string, lines []string, i int) bool {
	start := i
	for start > 0 && !strings.HasPrefix(lines[start], "- ") {
		start--
	}
	return regexp.MustCompile(`(?m)^FAIL  ` + regexp.QuoteMeta(file) + `:` + itoa(start+1) + `  `).MatchString(out)
}

func itoa(n int) string { return strconv.Itoa(n) }

// runCases runs `hookctl --accept-hooks hooks test --cases TABLE` with the guides' config as the
// person's, HOME at /home/me (outside the temp folder the delete guard allows), and returns
// its output and exit status.
func runCases(t *testing.T, table string) (string, int) {
	t.Helper()
	abs, err := filepath.Abs(table)
	if err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(t.TempDir(), ".agent-hooks")
	if err := os.MkdirAll(home, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"config.yaml", "block-secrets.sh", "block-delete-outside-project.sh"} {
		data, err := os.ReadFile(filepath.Join("guards", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(home, name), data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("hookctl", "--accept-hooks", "hooks", "test", "--cases", abs)
	cmd.Dir = t.TempDir()
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "HOOKCTL_") && !strings.HasPrefix(kv, "HOME=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "HOME=/home/me", "HOOKCTL_HOME="+home, "NO_COLOR=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return out.String(), 0
	case errors.As(err, &ee):
		return out.String(), ee.ExitCode()
	}
	t.Fatalf("hookctl: %v", err)
	return "", 0
}
