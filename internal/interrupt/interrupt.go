// Package interrupt turns the signals that end a run into a cancelled context, so that the
// runner ends every running hook's group and hookctl answers before it exits with 128 plus the
// signal; while a consent prompt is on screen, Ctrl-C only answers that prompt with no.
package interrupt

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// Interruption is one command's view of SIGINT, SIGTERM, SIGHUP (the terminal was closed) and
// SIGQUIT: Ctx is cancelled by the first of them, unless a prompt takes a SIGINT as its no.
type Interruption struct {
	Ctx    context.Context
	cancel context.CancelFunc

	mu        sync.Mutex
	sig       syscall.Signal
	prompting chan struct{} // non-nil while a prompt waits; closed by a signal
}

// signals are the signals that end a run cleanly. SIGQUIT is among them: its default, a
// goroutine dump and exit 2, would leave every hook's group running.
func signals() []os.Signal {
	return []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}
}

// Listen starts listening for the signals that end a run. With listen false it returns an
// Interruption that never fires: listening starts a thread, measurable at start-up, and a run
// that starts no hook has nothing to interrupt. The returned stop ends the listening.
func Listen(listen bool) (*Interruption, func()) {
	in := &Interruption{}
	in.Ctx, in.cancel = context.WithCancel(context.Background())
	if !listen {
		return in, in.cancel
	}
	sigs := signals()
	ch := make(chan os.Signal, len(sigs))
	signal.Notify(ch, sigs...)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case s := <-ch:
				in.receive(s.(syscall.Signal))
			case <-done:
				return
			}
		}
	}()
	// The returned stop does not call signal.Stop: that is a round trip to the runtime's
	// signal thread (about 3% of a run with one hook), and hookctl exits as soon as a command
	// returns. After stop, a signal lands in ch unread and changes nothing.
	return in, func() {
		close(done)
		in.cancel()
	}
}

// receive takes one signal: a SIGINT while a prompt waits answers the prompt; any other, or a
// SIGINT with no prompt, cancels Ctx, the first one being the one Received returns.
func (in *Interruption) receive(s syscall.Signal) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.prompting != nil && s == syscall.SIGINT {
		close(in.prompting)
		in.prompting = nil
		return
	}
	if in.sig == 0 {
		in.sig = s
	}
	in.cancel()
}

// Received returns the signal that interrupted the run, 0 for none.
func (in *Interruption) Received() int {
	in.mu.Lock()
	defer in.mu.Unlock()
	return int(in.sig)
}

// PromptStarted returns a channel closed when Ctrl-C answers the prompt.
func (in *Interruption) PromptStarted() <-chan struct{} {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.prompting = make(chan struct{})
	return in.prompting
}

// PromptDone says the prompt is answered: a SIGINT ends the run again.
func (in *Interruption) PromptDone() {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.prompting = nil
}
