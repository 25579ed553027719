package runner

import (
	"context"
	"time"

	"github.com/hookctl/hookctl/config"
)

// RequireProjectVar turns strict mode on wherever hookctl fires hooks (SPEC 27.2, 28.27).
const RequireProjectVar = "HOOKCTL_REQUIRE_PROJECT"

// RequireProject says whether the environment asks for strict mode (RequireProjectVar=1): a
// project guard not approved in its repository blocks instead of being skipped. It can only
// tighten, so it is read inside an agent too; the wiring's --require-project asks the same of
// one entry.
func RequireProject(lookupEnv func(string) (string, bool)) bool {
	v, _ := lookupEnv(RequireProjectVar)
	return v == "1"
}

// AuditConfig is the config whose audit setting a run's entry follows: the person's, or, when
// the system layer answered before it was read, the default (audit on).
func AuditConfig(cfg *config.Config) *config.Config {
	if cfg == nil {
		return &config.Config{Audit: true}
	}
	return cfg
}

// CheckFirst reads and checks the person's config for the event before anything else of the
// call is read, as a run always did, when the stack has no system layer: the system layer is
// read first, before anything of the person's (SPEC 23.3). An unknown event is
// ErrUnknownEvent's error.
func (s *Stack) CheckFirst(event string) error {
	if s.System != nil {
		return nil
	}
	cfg, _, err := s.PersonConfig()
	if err != nil {
		return err
	}
	return CheckEvent(cfg, event)
}

// MayRun reports whether a hook may run for the event: the system layer has hooks, or the
// person's config read has some. An event with no hooks, the most common call, has nothing to
// interrupt.
func (s *Stack) MayRun(event string) bool {
	return s.System != nil || s.cfg != nil && s.cfg.HasHooks(event)
}

// AnswerContext is ctx ended in time to answer a caller that waits seconds for hookctl (run's
// --deadline), counted from began, hookctl's start (AnswerBy); ctx itself when there is none.
func AnswerContext(ctx context.Context, began time.Time, seconds uint) (context.Context, context.CancelFunc) {
	if at, ok := AnswerBy(began, seconds); ok {
		return context.WithDeadline(ctx, at)
	}
	return ctx, func() {}
}
