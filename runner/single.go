package runner

import (
	"context"

	"github.com/hookctl/hookctl/config"
)

// RunHook runs one hook on the payload, with no consent check and no merge: the caller must
// have made sure the hook is approved (doctor's smoke run does).
func (d *Dispatcher) RunHook(ctx context.Context, h config.Hook, p *Payload) HookResult {
	hr, _ := d.runOne(ctx, h, p)
	return hr
}
