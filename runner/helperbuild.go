package runner

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/buildinfo"
)

// HelperArgv is how hookctl of version runs hookctl-serve for cmd: with that build's stamp
// first, so that a helper of another build refuses (exit status 5, its reason on stderr)
// before it reads, sends or listens on anything. A helper from before the check refuses too,
// as it takes no such flag. The stamp is read here, at the helper's start, never in a run
// without url hooks.
func HelperArgv(path, version, cmd string) []string {
	return []string{path, buildinfo.BuildFlag, buildinfo.Read(version).Stamp(), cmd}
}

// OtherBuild rewrites the refusal of a hookctl-serve older than the build check, which stops
// at the flag it does not know, into the reason a newer one gives; any other err is kept.
func OtherBuild(path, version string, err error) error {
	if err == nil || !strings.Contains(err.Error(), "unknown flag: "+buildinfo.BuildFlag) {
		return err
	}
	return fmt.Errorf("%s at %s is of another build (hookctl: %s, %s: one that does not check builds); reinstall both from one release",
		HelperName, path, buildinfo.Read(version).Stamp(), HelperName)
}

// CheckHelperBuild runs hookctl-serve as url hooks run it, asking only for its version, and
// returns its refusal when it is of another build than hookctl of version.
func CheckHelperBuild(path, version string) error {
	o := Exec(context.Background(), Command{Argv: HelperArgv(path, version, "version"), Timeout: 10 * time.Second})
	switch {
	case o.StartErr != nil:
		return fmt.Errorf("%s could not start: %w", path, o.StartErr)
	case o.ExitCode == 0:
		return nil
	}
	why := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(string(o.Stderr)), "hookctl: "))
	if i := strings.IndexByte(why, '\n'); i >= 0 {
		why = why[:i]
	}
	if why == "" {
		why = fmt.Sprintf("%s ended with exit status %d", path, o.ExitCode)
	}
	return OtherBuild(path, version, errors.New(why))
}

// RemoteOf is the url-hook client of a dispatch of cfg by hookctl of version: the helper
// process, looked for at the first url hook called, so that a run whose event has none does
// not search for it; nil when the config has no url hooks at all.
func RemoteOf(cfg *config.Config, lookupEnv func(string) (string, bool), version string) Remote {
	for _, h := range cfg.Hooks {
		if h.Remote() {
			return lazyHelper{version: version, path: sync.OnceValues(func() (string, error) { return HelperPath(lookupEnv) })}
		}
	}
	return nil
}

// lazyHelper is HelperRemote with the helper looked for at its first Post.
type lazyHelper struct {
	path    func() (string, error)
	version string
}

func (r lazyHelper) Post(ctx context.Context, h config.Hook, body []byte) Reply {
	path, err := r.path()
	if err != nil {
		return Reply{Err: err}
	}
	reply := HelperRemote{Argv: HelperArgv(path, r.version, "post")}.Post(ctx, h, body)
	reply.Err = OtherBuild(path, r.version, reply.Err)
	return reply
}

// ServeArgv is how hookctl of version runs `hookctl-serve serve`, passing its global flags
// (--config, --accept-hooks) on before the command's own arguments.
func ServeArgv(path, version, configFile string, acceptHooks bool, args []string) []string {
	argv := HelperArgv(path, version, "serve")
	if configFile != "" {
		argv = append(argv, "--config", configFile)
	}
	if acceptHooks {
		argv = append(argv, "--accept-hooks")
	}
	return append(argv, args...)
}
