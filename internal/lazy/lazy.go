// Package lazy holds values built on their first use. A package-level sync.OnceValue is a call
// hookctl makes at start-up for every command, in its package's init, and each init's first
// touch of its code is a page fault; a package-level Value is static data, so a command that
// never asks for it pays nothing. Our packages' init functions were about 2% of the CPU time of
// `hookctl --version` (perf, 300 runs).
package lazy

import "sync"

// Value is a value of type T built once, by the first Get. The zero Value is ready to use.
type Value[T any] struct {
	once sync.Once
	v    T
}

// Get returns the value, calling build the first time. Concurrent callers wait for that one
// build, as with sync.Once; build must not call Get on the same Value.
func (l *Value[T]) Get(build func() T) T {
	l.once.Do(func() { l.v = build() })
	return l.v
}
