package consent

import (
	"context"
	"fmt"
	"sync"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/safefile"
)

// Prompt asks the person whether the hook may run and reports a yes. It is nil when nobody can
// be asked (no terminal, or hookctl runs in the background).
type Prompt func(h config.Hook, c Check) bool

// Gate decides, hook by hook, whether a hook may run: a bypass runs everything and writes
// nothing; otherwise the allowlist decides, and a person at a terminal may approve an
// unapproved or changed hook, which records the approval.
type Gate struct {
	Store *Store
	// Bypass approves every hook for this run only (--accept-hooks, HOOKCTL_ACCEPT_HOOKS,
	// hooks_auto_accept). It is never written to the allowlist.
	Bypass bool
	Prompt Prompt
	// Warn receives diagnostics for the person; nil discards them.
	Warn func(string)

	mu    sync.Mutex
	list  *Allowlist
	stamp safefile.Stamp // the version of the file list was read from
}

func (g *Gate) warn(format string, args ...any) {
	if g.Warn != nil {
		g.Warn(fmt.Sprintf(format, args...))
	}
}

// allowlist returns the allowlist, read again whenever the file has changed since it was last
// read, so that a long-lived Gate sees revocations and other processes' approvals. A corrupt or
// unreadable file approves nothing, and is reported once per version.
func (g *Gate) allowlist() *Allowlist {
	if g.list != nil && g.Store.stamp() == g.stamp {
		return g.list
	}
	list, stamp, err := g.Store.load()
	if err != nil {
		stamp = g.Store.stamp()
		if g.list == nil || stamp != g.stamp {
			if g.Bypass {
				g.warn("%v; running hooks anyway because consent is bypassed for this run", err)
			} else {
				g.warn("%v; nothing is approved until it is fixed or removed", err)
			}
		}
		list = &Allowlist{}
	}
	g.list, g.stamp = list, stamp
	return list
}

// Decide reports whether the hook may run now with its script as s holds it (see ReadScript):
// StatusApproved, or why not. A prompt shows, and an approval pins, that content. Prompts are
// asked one at a time, even when called from several goroutines.
func (g *Gate) Decide(ctx context.Context, h config.Hook, s Script) Status {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.Bypass {
		if g.Store != nil {
			g.allowlist() // only to warn about a broken file
		}
		return StatusApproved
	}
	if g.Store == nil || ctx.Err() != nil {
		return StatusNotApproved
	}
	c := g.allowlist().CheckScript(h, s)
	if c.Status == StatusApproved || g.Prompt == nil {
		return c.Status
	}
	if !g.Prompt(h, c) {
		return c.Status
	}
	// The prompt's answer is recorded under the allowlist lock, a wait that hookctl's
	// interruption ends like the run.
	store := *g.Store
	store.Interrupt = ctx.Done()
	if _, err := store.ApproveSeen(h, s); err != nil {
		g.warn("the approval was not recorded: %v", err)
	}
	return StatusApproved
}
