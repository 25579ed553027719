//go:build !e2e

package e2e

import (
	"os"
	"strings"
	"testing"
)

// TestThreatTableInDocs checks that docs/security.md shows e2e/threats.tsv row for row (SPEC
// 28.36): the table under its "The person's level, attack by attack" heading has the same
// attacks in the same order, with the same outcome per agent.
func TestThreatTableInDocs(t *testing.T) {
	rows, err := readThreats("threats.tsv")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../docs/security.md")
	if err != nil {
		t.Fatal(err)
	}
	const heading = "### The person's level, attack by attack"
	_, section, ok := strings.Cut(string(doc), heading)
	if !ok {
		t.Fatalf("docs/security.md has no %q section", heading)
	}
	var table [][]string
	for _, line := range strings.Split(section, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "|") {
			if len(table) > 0 {
				break
			}
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		table = append(table, cells)
	}
	if len(table) < 2 {
		t.Fatalf("the %q section has no table", heading)
	}
	head, body := table[0], table[2:]
	if want := append([]string{"attack"}, rows[0].Agents...); len(head) < len(want) || strings.Join(head[:len(want)], ",") != strings.Join(want, ",") {
		t.Fatalf("the table's header is %v, want %v first", head, want)
	}
	if len(body) != len(rows) {
		t.Fatalf("the table has %d rows, e2e/threats.tsv %d", len(body), len(rows))
	}
	for i, r := range rows {
		cells := body[i]
		if strings.Trim(cells[0], "`") != r.Attack {
			t.Errorf("row %d is %s, e2e/threats.tsv:%d is %s", i+1, cells[0], r.Line, r.Attack)
			continue
		}
		for j, a := range r.Agents {
			if got := strings.Trim(cells[j+1], "*"); got != r.Outcome[a] {
				t.Errorf("%s under %s: docs/security.md says %q, e2e/threats.tsv:%d %q", r.Attack, a, got, r.Line, r.Outcome[a])
			}
		}
	}
}

// TestReadThreatsRejects checks that a mistyped table is an error naming its line.
func TestReadThreatsRejects(t *testing.T) {
	for name, content := range map[string]string{
		"bad header":  "agent\ta\n",
		"bad outcome": "attack\ta\nx\tdenyed\n",
		"short row":   "attack\ta\tb\nx\tdenied\n",
	} {
		t.Run(name, func(t *testing.T) {
			p := t.TempDir() + "/t.tsv"
			if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
				t.Fatal(err)
			}
			if _, err := readThreats(p); err == nil || !strings.Contains(err.Error(), "t.tsv:") {
				t.Fatalf("error %v, want one naming the line", err)
			}
		})
	}
}
