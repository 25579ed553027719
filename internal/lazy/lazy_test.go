package lazy

import (
	"sync"
	"sync/atomic"
	"testing"
)

func TestGetBuildsOnce(t *testing.T) {
	var v Value[[]int]
	var builds atomic.Int32
	build := func() []int { builds.Add(1); return []int{1, 2, 3} }
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got := v.Get(build); len(got) != 3 || got[2] != 3 {
				t.Errorf("Get = %v, want [1 2 3]", got)
			}
		}()
	}
	wg.Wait()
	if n := builds.Load(); n != 1 {
		t.Fatalf("built %d times, want once", n)
	}
	if got := v.Get(func() []int { return nil }); got == nil {
		t.Fatal("a second build function replaced the value")
	}
}

var packageLevel Value[string]

func TestPackageLevelValueIsStatic(t *testing.T) {
	// A package-level Value has nothing to run before main; its first Get builds it.
	if got := packageLevel.Get(func() string { return "built" }); got != "built" {
		t.Fatalf("Get = %q", got)
	}
}
