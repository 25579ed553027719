// hookctl lives for one event (the resident server is cmd/hookctl-serve): GOMAXPROCS is set
// from the container's CPU limit at start, and the goroutine that would re-read that limit
// while it runs is not started (updatemaxprocs=0). That goroutine's set-up was about 1% of
// the CPU time of a run of an event with no hooks (perf, 300 runs; A/B CPU-time ratio 0.98).

// Command hookctl runs the shell hooks configured for an AI agent's lifecycle events.
//
//go:debug updatemaxprocs=0
package main

import (
	"os"
	"runtime"
)

func main() {
	growStack(false)
	os.Exit(Main())
}

// growStack grows the main goroutine's stack to 32 KiB at once, while it holds two frames. A
// goroutine starts with a few KiB and each time it runs out its stack is copied to one twice
// as large, every frame on it walked and adjusted; a run's stack outgrows 16 KiB deep in the
// dispatch, where those copies cost 6-8% of its instructions (valgrind, the benchmark's run
// with one hook). Called with false, it reserves its frame without writing it: zeroing 28 KiB
// would touch pages a short command never uses, and a page fault costs more than the copies.
//
//go:noinline
func growStack(touch bool) {
	if touch {
		var frame [stackFrame]byte
		runtime.KeepAlive(&frame)
	}
}

// stackFrame is growStack's frame: with the frames below it, more than 16 KiB, so the
// stack doubles to 32 KiB.
const stackFrame = 28 << 10

// Main runs hookctl with the process's arguments and returns its exit status.
func Main() int {
	app := newApp(os.Stdin, os.Stdout, os.Stderr, os.LookupEnv)
	return app.execute(os.Args[1:])
}
