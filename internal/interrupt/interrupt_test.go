package interrupt

import (
	"syscall"
	"testing"
)

func TestReceive(t *testing.T) {
	for _, tc := range []struct {
		name      string
		prompting bool
		sigs      []syscall.Signal
		// cancelled is whether the run ends; answered whether the prompt got its no.
		cancelled, answered bool
		received            int
	}{
		{name: "sigint ends a run", sigs: []syscall.Signal{syscall.SIGINT}, cancelled: true, received: int(syscall.SIGINT)},
		{name: "sigterm ends a run", sigs: []syscall.Signal{syscall.SIGTERM}, cancelled: true, received: int(syscall.SIGTERM)},
		{name: "sigint answers a prompt", prompting: true, sigs: []syscall.Signal{syscall.SIGINT}, answered: true},
		{name: "sigterm during a prompt ends the run", prompting: true, sigs: []syscall.Signal{syscall.SIGTERM}, cancelled: true, received: int(syscall.SIGTERM)},
		{name: "a second sigint after the prompt's ends the run", prompting: true, sigs: []syscall.Signal{syscall.SIGINT, syscall.SIGINT}, answered: true, cancelled: true, received: int(syscall.SIGINT)},
		{name: "the first signal is the one kept", sigs: []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM}, cancelled: true, received: int(syscall.SIGHUP)},
		{name: "no signal", cancelled: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, stop := Listen(false)
			defer stop()
			var prompt <-chan struct{}
			if tc.prompting {
				prompt = in.PromptStarted()
			}
			for _, s := range tc.sigs {
				in.receive(s)
			}
			if got := in.Ctx.Err() != nil; got != tc.cancelled {
				t.Errorf("cancelled = %v, want %v", got, tc.cancelled)
			}
			if got := in.Received(); got != tc.received {
				t.Errorf("Received() = %d, want %d", got, tc.received)
			}
			answered := false
			if prompt != nil {
				select {
				case <-prompt:
					answered = true
				default:
				}
			}
			if answered != tc.answered {
				t.Errorf("prompt answered = %v, want %v", answered, tc.answered)
			}
		})
	}
}

func TestPromptDoneEndsTheRunAgain(t *testing.T) {
	in, stop := Listen(false)
	defer stop()
	in.PromptStarted()
	in.PromptDone()
	in.receive(syscall.SIGINT)
	if in.Ctx.Err() == nil || in.Received() != int(syscall.SIGINT) {
		t.Fatalf("a SIGINT after the prompt did not end the run: err %v, received %d", in.Ctx.Err(), in.Received())
	}
}
