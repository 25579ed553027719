package doctor

import (
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/runner"
)

// ServeBinaryFindings are the url hooks of cfg that cannot be called because hookctl-serve,
// which calls them for hookctl, is not where hookctl takes it from (runner.HelperPath), or is
// of another build (checkBuild's refusal): each such hook would fail (open, unless
// fail_closed). The helper is looked for, and checked, once and only when a url hook is there.
func ServeBinaryFindings(cfg *config.Config, lookupEnv func(string) (string, bool), checkBuild func(path string) error) []Finding {
	var out []Finding
	var path, fix string
	var serr error
	for _, h := range cfg.Hooks {
		if h.URL == "" {
			continue
		}
		if path == "" && serr == nil {
			fix = "CGO_ENABLED=0 go install -ldflags=\"-s -w\" github.com/hookctl/hookctl/cmd/" + runner.HelperName + "@latest"
			if path, serr = runner.HelperPath(lookupEnv); serr == nil {
				serr = checkBuild(path)
				fix = "install hookctl and " + runner.HelperName + " from one release (both binaries of one archive, or make install)"
			}
		}
		if serr == nil {
			return nil
		}
		out = append(out, Finding{Severity: SeverityError, Event: h.Event,
			Command: h.URL, Check: "serve_binary", Message: serr.Error() + ": this hook cannot run", Fix: fix})
	}
	return out
}
