//go:build unix

package interrupt

import (
	"os"
	"syscall"
	"testing"
	"time"
)

// TestListenTakesARealSignal sends this process SIGHUP: listening, it cancels the context
// instead of ending the process.
func TestListenTakesARealSignal(t *testing.T) {
	in, stop := Listen(true)
	defer stop()
	if err := syscall.Kill(os.Getpid(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	select {
	case <-in.Ctx.Done():
	case <-time.After(30 * time.Second):
		t.Fatal("SIGHUP did not cancel the context")
	}
	if got := in.Received(); got != int(syscall.SIGHUP) {
		t.Fatalf("Received() = %d, want SIGHUP", got)
	}
}
