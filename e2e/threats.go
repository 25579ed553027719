package e2e

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// Outcomes are the words a row of e2e/threats.tsv may give an attack in an agent (SPEC 28.36).
var Outcomes = []string{"denied", "next call blocked", "seen", "not stopped", "n/a"}

// Threat is one row of e2e/threats.tsv: an attack of the suite and its outcome per agent.
type Threat struct {
	Attack  string
	Outcome map[string]string
	// Agents are the columns, in order.
	Agents []string
	Line   int
}

// readThreats reads e2e/threats.tsv: a header line "attack" followed by the agents' names, then
// one line per attack; fields are separated by tabs, lines starting with # are comments.
func readThreats(path string) ([]Threat, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading the threat table: %w", err)
	}
	defer f.Close()
	var head []string
	var rows []Threat
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if head == nil {
			if fields[0] != "attack" {
				return nil, fmt.Errorf("%s:%d: the header starts with %q, want \"attack\"", path, n, fields[0])
			}
			head = fields[1:]
			continue
		}
		if len(fields) != len(head)+1 {
			return nil, fmt.Errorf("%s:%d: %d fields, want %d", path, n, len(fields), len(head)+1)
		}
		t := Threat{Attack: fields[0], Outcome: map[string]string{}, Agents: head, Line: n}
		for i, a := range head {
			o := fields[i+1]
			if !knownOutcome(o) {
				return nil, fmt.Errorf("%s:%d: %s: outcome %q is not one of %s", path, n, a, o, strings.Join(Outcomes, ", "))
			}
			t.Outcome[a] = o
		}
		rows = append(rows, t)
	}
	return rows, sc.Err()
}

func knownOutcome(o string) bool {
	for _, k := range Outcomes {
		if o == k {
			return true
		}
	}
	return false
}
