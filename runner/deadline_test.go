package runner

import (
	"testing"
	"time"
)

func TestAnswerBy(t *testing.T) {
	began := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		seconds uint
		want    time.Duration // after began
		ok      bool
	}{
		{"none named", 0, 0, false},
		{"the margin before it", 60, 58 * time.Second, true},
		{"half of a short one", 3, 1500 * time.Millisecond, true},
		{"half of one second", 1, 500 * time.Millisecond, true},
		{"exactly twice the margin", 4, 2 * time.Second, true},
		{"a day at most", 1 << 40, MaxDeadline*time.Second - DeadlineMargin, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			at, ok := AnswerBy(began, tt.seconds)
			if ok != tt.ok || (ok && at.Sub(began) != tt.want) {
				t.Errorf("AnswerBy(%d) = +%v, %v; want +%v, %v", tt.seconds, at.Sub(began), ok, tt.want, tt.ok)
			}
		})
	}
}
