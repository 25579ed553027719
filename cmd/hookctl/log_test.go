package main

import (
	"testing"
	"time"
)

func TestLogFilterOptions(t *testing.T) {
	if _, err := (logOptions{decision: "deny"}).filter(time.Now()); err == nil {
		t.Error("--decision deny accepted")
	}
	f, err := logOptions{decision: "block", event: "pre_tool_call", agent: "codex", since: "1h"}.filter(time.Now())
	if err != nil || f.Decision != "block" || f.Event != "pre_tool_call" || f.Agent != "codex" || f.Since.IsZero() {
		t.Errorf("filter = %+v, %v", f, err)
	}
}
