//go:build linux || darwin

package main

import (
	"testing"
	"time"
)

// TestMedianInterval checks the order statistics the 95% interval of the median is read from:
// the j-th smallest and j-th largest of n ratios, j the binomial(n, 1/2) quantile.
func TestMedianInterval(t *testing.T) {
	for _, tc := range []struct{ n, lo, hi int }{
		{n: 200, lo: 86, hi: 115},
		{n: 400, lo: 180, hi: 221},
		{n: 5, lo: 1, hi: 5}, // too few pairs: the whole range
	} {
		t.Run("", func(t *testing.T) {
			// Ratios 1..n, in reverse order across the pairs: A is i+1 ms, B 1 ms.
			xa, xb := make([]time.Duration, tc.n), make([]time.Duration, tc.n)
			for i := range xa {
				xa[tc.n-1-i], xb[tc.n-1-i] = time.Duration(i+1)*time.Millisecond, time.Millisecond
			}
			lo, hi := medianInterval(xa, xb)
			if lo != float64(tc.lo) || hi != float64(tc.hi) {
				t.Errorf("%d pairs: interval %v-%v, want the %dth and %dth ratios", tc.n, lo, hi, tc.lo, tc.hi)
			}
		})
	}
}
