package config

import "testing"

func TestErrors(t *testing.T) {
	e, w := Problem{Severity: SeverityError}, Problem{Severity: SeverityWarning}
	tests := []struct {
		name string
		ps   []Problem
		want int
	}{
		{"none", nil, 0},
		{"warnings only", []Problem{w, w}, 0},
		{"errors among warnings", []Problem{e, w, e}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Errors(tt.ps); got != tt.want {
				t.Errorf("Errors = %d, want %d", got, tt.want)
			}
		})
	}
}
