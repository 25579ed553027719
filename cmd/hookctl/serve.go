package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/buildinfo"
	"github.com/hookctl/hookctl/runner"
)

func (a *app) serveCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "serve [--listen unix:PATH|HOST:PORT] [--token-file F] [--listen-any] [--max-inflight N]",
		Short: "Serve events over JSON-RPC 2.0 (a unix socket by default), without a process start per event",
		Long: `Runs the resident server: JSON-RPC 2.0 over HTTP POST /hooks and, on the unix socket,
newline-delimited JSON-RPC. Methods: every event name (the result is the object hookctl run
prints), the method names of sherma's remote hooks (an agent framework's JSON-RPC protocol:
before_llm_call, before_tool_call, ...), and hookctl.ping. It never prompts: unapproved hooks are
skipped. SIGTERM or SIGINT stops it after in-flight dispatches finish.

Limits, tokens and url hooks: https://github.com/hookctl/hookctl/blob/main/docs/serve.md`,
		Example: `  hookctl serve                                   # unix:$HOOKCTL_HOME/hookctl.sock
  hookctl serve --listen 127.0.0.1:8765 --token-file ~/.agent-hooks/token`,
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.serve(args)
		},
	}
}

// serve replaces this process with hookctl-serve, passing the global flags on.
func (a *app) serve(args []string) error {
	path, err := runner.HelperPath(a.lookupEnv)
	if err != nil {
		return failuref("hookctl serve runs %s: %w", runner.HelperName, err)
	}
	// Asked first, so that a helper from before the build check (which would only say it does
	// not know the flag) is named as of another build too; the helper checks again when served.
	if err := checkServeBuild(path); err != nil {
		return failuref("hookctl serve runs %s: %w", runner.HelperName, err)
	}
	argv := helperArgv(path, "serve")
	if a.configFlag != "" {
		argv = append(argv, "--config", a.configFlag)
	}
	if a.acceptHooks {
		argv = append(argv, "--accept-hooks")
	}
	argv = append(argv, args...)
	return failuref("starting %s: %w", path, execHelper(path, argv))
}

// remote is the url-hook client of a dispatch: the helper process, when the config has url
// hooks at all.
func remote(cfg *config.Config, lookupEnv func(string) (string, bool)) runner.Remote {
	for _, h := range cfg.Hooks {
		if h.Remote() {
			return helperRemote{path: sync.OnceValues(func() (string, error) { return runner.HelperPath(lookupEnv) })}
		}
	}
	return nil
}

// helperArgv is how hookctl runs hookctl-serve for cmd: with this hookctl's build stamp first,
// so that a helper of another build refuses (exit status 5, its reason on stderr) before it
// reads, sends or listens on anything. A helper from before the check refuses too, as it takes
// no such flag. Read here, at the helper's start, never in a run without url hooks.
func helperArgv(path, cmd string) []string {
	return []string{path, buildinfo.BuildFlag, buildinfo.Read(version).Stamp(), cmd}
}

// otherBuild rewrites the refusal of a hookctl-serve older than the build check, which stops at
// the flag it does not know, into the reason a newer one gives.
func otherBuild(path string, err error) error {
	if err == nil || !strings.Contains(err.Error(), "unknown flag: "+buildinfo.BuildFlag) {
		return err
	}
	return fmt.Errorf("%s at %s is of another build (hookctl: %s, %s: one that does not check builds); reinstall both from one release",
		runner.HelperName, path, buildinfo.Read(version).Stamp(), runner.HelperName)
}

// checkServeBuild runs hookctl-serve as url hooks run it, asking only for its version, and
// returns its refusal when it is of another build (for doctor).
func checkServeBuild(path string) error {
	o := runner.Exec(context.Background(), runner.Command{Argv: helperArgv(path, "version"), Timeout: 10 * time.Second})
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
	return otherBuild(path, errors.New(why))
}

// helperRemote is runner.HelperRemote with the helper looked for at the first url hook called,
// so a run whose event has none does not search for it.
type helperRemote struct{ path func() (string, error) }

func (r helperRemote) Post(ctx context.Context, h config.Hook, body []byte) runner.Reply {
	path, err := r.path()
	if err != nil {
		return runner.Reply{Err: err}
	}
	reply := runner.HelperRemote{Argv: helperArgv(path, "post")}.Post(ctx, h, body)
	reply.Err = otherBuild(path, reply.Err)
	return reply
}
