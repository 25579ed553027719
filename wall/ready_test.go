package wall

import (
	"strings"
	"testing"
)

func TestReady(t *testing.T) {
	tests := []struct {
		name   string
		st     Status
		ok     bool
		reason string
	}{
		{"up", Status{ABI: MinABI + 1, State: Up}, true, ""},
		{"partial at the least ABI", Status{ABI: MinABI, State: Partial}, true, ""},
		{"below the least ABI", Status{ABI: MinABI - 1, State: Partial}, false, "built only"},
		{"unavailable", Status{State: Unavailable, Reason: "no Landlock"}, false, "no Landlock"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ok, reason := tt.st.Ready()
			if ok != tt.ok || !strings.Contains(reason, tt.reason) || tt.ok && reason != "" {
				t.Errorf("Ready = %v, %q; want %v, %q", ok, reason, tt.ok, tt.reason)
			}
		})
	}
}
