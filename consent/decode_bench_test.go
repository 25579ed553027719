package consent

import (
	"fmt"
	"strings"
	"testing"
)

func thousandApprovals() []byte {
	var b strings.Builder
	b.WriteString("{\n  \"version\": 1,\n  \"approvals\": [\n")
	for i := 0; i < 1000; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `    {"event": "post_tool_call", "command": "~/.agent-hooks/hook-%04d.sh", "matcher": "", "approved_at": "2026-01-01T00:00:00Z", "script": {"path": "/home/u/.agent-hooks/hook-%04d.sh", "sha256": "%064d", "size": 120, "mtime": "2026-01-01T00:00:00Z"}}`, i, i, i)
	}
	b.WriteString("\n  ]\n}\n")
	return []byte(b.String())
}

// BenchmarkDecode1000 measures reading an allowlist of 1,000 approvals, the cost P5 adds to
// every run.
func BenchmarkDecode1000(b *testing.B) {
	data := thousandApprovals()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		a, err := Decode(data)
		if err != nil || len(a.Approvals) != 1000 {
			b.Fatal(err)
		}
	}
}
