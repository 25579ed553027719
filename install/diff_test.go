package install

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestUnifiedExact(t *testing.T) {
	tests := []struct {
		name, a, b, want string
	}{
		{"equal", "a\nb\n", "a\nb\n", ""},
		{"new file", "", "a\nb\n", "--- A\n+++ B\n@@ -0,0 +1,2 @@\n+a\n+b\n"},
		{"deleted file", "a\n", "", "--- A\n+++ B\n@@ -1 +0,0 @@\n-a\n"},
		{"one line changed, context on both sides",
			"1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n4\nfive\n6\n7\n8\n9\n",
			"--- A\n+++ B\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"},
		{"no final newline",
			"a\nb", "a\nb\nc\n",
			"--- A\n+++ B\n@@ -1,2 +1,3 @@\n a\n-b\n\\ No newline at end of file\n+b\n+c\n"},
		{"two hunks far apart",
			"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "x\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\ny\n",
			"--- A\n+++ B\n@@ -1,4 +1,4 @@\n-1\n+x\n 2\n 3\n 4\n@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+y\n"},
	}
	for _, tt := range tests {
		if got := unified("A", "B", []byte(tt.a), []byte(tt.b)); got != tt.want {
			t.Errorf("%s:\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
}

// TestUnifiedAppliesWithPatch has the system's patch(1) apply the diffs of random edits, the
// golden settings files' included, and checks it gets the new text exactly.
func TestUnifiedAppliesWithPatch(t *testing.T) {
	if _, err := exec.LookPath("patch"); err != nil {
		t.Skip("no patch(1)")
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 40; i++ {
		a := randomLines(rng)
		b := mutate(rng, a)
		checkPatch(t, a, b)
	}
}

func checkPatch(t *testing.T, a, b string) {
	t.Helper()
	d := unified("old", "new", []byte(a), []byte(b))
	if a == b {
		if d != "" {
			t.Fatalf("a diff of equal texts: %q", d)
		}
		return
	}
	if _, err := exec.LookPath("patch"); err != nil {
		t.Log("no patch(1) here (Windows): the diff is not applied")
		return
	}
	dir := t.TempDir()
	old := filepath.Join(dir, "old")
	if err := os.WriteFile(old, []byte(a), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("patch", "--quiet", "--force", "-o", filepath.Join(dir, "out"), old)
	cmd.Stdin = strings.NewReader(d)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("patch: %v %s\nold %q\nnew %q\ndiff:\n%s", err, out, a, b, d)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "out"))
	if string(got) != b {
		t.Fatalf("patch gave %q, want %q\ndiff:\n%s", got, b, d)
	}
}

func randomLines(rng *rand.Rand) string {
	var b strings.Builder
	for i, n := 0, rng.Intn(30); i < n; i++ {
		b.WriteString(strconv.Itoa(rng.Intn(8)) + "\n")
	}
	if rng.Intn(4) == 0 {
		b.WriteString("last")
	}
	return b.String()
}

func mutate(rng *rand.Rand, s string) string {
	lines := splitLines(s)
	for i, n := 0, rng.Intn(5); i < n; i++ {
		at := rng.Intn(len(lines) + 1)
		switch rng.Intn(3) {
		case 0:
			lines = append(lines[:at], append([]string{fmt.Sprintf("new%d\n", rng.Intn(5))}, lines[at:]...)...)
		case 1:
			if at < len(lines) {
				lines = append(lines[:at], lines[at+1:]...)
			}
		default:
			if at < len(lines) {
				lines[at] = "changed\n"
			}
		}
	}
	out := strings.Join(lines, "")
	if rng.Intn(4) == 0 {
		out = strings.TrimSuffix(out, "\n")
	}
	return out
}

// FuzzUnified checks that patch(1) turns a into b with the diff, for any two texts of lines.
func FuzzUnified(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nc\nd")
	f.Add("", "x\n")
	f.Fuzz(func(t *testing.T, a, b string) {
		if strings.ContainsAny(a+b, "\r\x00") || len(a)+len(b) > 4096 {
			return // patch(1) reads CR and NUL its own way; large inputs slow the fuzzer only
		}
		if _, err := exec.LookPath("patch"); err != nil {
			t.Skip("no patch(1)")
		}
		checkPatch(t, a, b)
	})
}
