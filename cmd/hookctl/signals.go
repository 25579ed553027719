package main

import (
	"context"

	"github.com/hookctl/hookctl/internal/interrupt"
)

// interruption is a command's interrupt.Interruption, under the names the commands use.
type interruption struct {
	*interrupt.Interruption
	ctx context.Context
}

// interrupts starts listening for the signals that end a run (interrupt.Listen).
func (a *app) interrupts(listen bool) (*interruption, func()) {
	in, stop := interrupt.Listen(listen)
	return &interruption{Interruption: in, ctx: in.Ctx}, stop
}

func (in *interruption) received() int                  { return in.Received() }
func (in *interruption) promptStarted() <-chan struct{} { return in.PromptStarted() }
func (in *interruption) promptDone()                    { in.PromptDone() }
