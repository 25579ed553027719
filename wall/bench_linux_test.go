package wall

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkRuleset: building the wall's ruleset (the walk from / and one rule per entry met) for
// a home in a HOME of 200 entries; scripts/bench.sh's PW measures the whole command.
func BenchmarkRuleset(b *testing.B) {
	home := b.TempDir()
	for i := range 200 {
		if err := os.Mkdir(filepath.Join(home, fmt.Sprint("d", i)), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	set := Set{Trees: []string{filepath.Join(home, ".agent-hooks"), "/usr/bin", "/usr/sbin"}}
	for b.Loop() {
		w, err := ruleset(Table(set), configAt(Detect(0).ABI))
		if err != nil {
			b.Fatal(err)
		}
		w.close()
	}
}
