package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/runner"
)

// serveBinaryName is the binary that serves and calls url hooks: hookctl does not link net/http
// (see cmd/hookctl-serve for the measurement).
const serveBinaryName = "hookctl-serve"

// serveEnv names the hookctl-serve a person installed elsewhere than beside hookctl.
const serveEnv = "HOOKCTL_SERVE"

// serveBinary finds hookctl-serve: the absolute path in $HOOKCTL_SERVE, else next to this
// hookctl (its real path, links resolved), and never on PATH, where any folder the person's
// PATH names could plant one that then sees every url hook's request and headers. (Whether it is
// of this hookctl's build is not checked here: reading its embedded build information links
// debug/elf and its decompressors into hookctl, whose package initialisation cost every run,
// url hooks or not, about 5% of P2.)
func serveBinary(lookupEnv func(string) (string, bool)) (string, error) {
	path, named := lookupEnv(serveEnv)
	named = named && path != ""
	switch {
	case named && !filepath.IsAbs(path):
		return "", fmt.Errorf("%s=%q is not an absolute path", serveEnv, path)
	case !named:
		self, err := os.Executable()
		if err == nil {
			self, err = filepath.EvalSymlinks(self)
		}
		if err != nil {
			return "", fmt.Errorf("finding this hookctl, beside which %s is looked for: %w", serveBinaryName, err)
		}
		path = filepath.Join(filepath.Dir(self), serveBinaryName)
	}
	if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
		return "", fmt.Errorf("%s, which calls url hooks, is not at %s (next to hookctl, or set %s to its absolute path; it is never taken from PATH)", serveBinaryName, path, serveEnv)
	}
	return path, nil
}

func (a *app) serveCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "serve [--listen unix:PATH|HOST:PORT] [--token-file F] [--listen-any] [--max-inflight N]",
		Short: "Serve events over JSON-RPC 2.0 (a unix socket by default), without a process start per event",
		Long: `Runs the resident server: JSON-RPC 2.0 over HTTP POST /hooks and, on the unix socket,
newline-delimited JSON-RPC. Methods: every event name (the result is the object hookctl run
prints), sherma's remote-hook methods, and hookctl.ping. It never prompts: unapproved hooks are
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
	path, err := serveBinary(a.lookupEnv)
	if err != nil {
		return failuref("hookctl serve runs %s: %w", serveBinaryName, err)
	}
	argv := []string{path, "serve"}
	if a.configFlag != "" {
		argv = append(argv, "--config", a.configFlag)
	}
	if a.acceptHooks {
		argv = append(argv, "--accept-hooks")
	}
	argv = append(argv, args...)
	return failuref("starting %s: %w", path, syscall.Exec(path, argv, os.Environ()))
}

// remote is the url-hook client of a dispatch: the helper process, when the config has url
// hooks at all.
func remote(cfg *config.Config, lookupEnv func(string) (string, bool)) runner.Remote {
	for _, h := range cfg.Hooks {
		if h.Remote() {
			return helperRemote{path: sync.OnceValues(func() (string, error) { return serveBinary(lookupEnv) })}
		}
	}
	return nil
}

// helperRemote is runner.HelperRemote with the helper looked for at the first url hook called,
// so a run whose event has none does not search for it.
type helperRemote struct{ path func() (string, error) }

func (r helperRemote) Post(ctx context.Context, h config.Hook, body []byte) runner.Reply {
	path, err := r.path()
	if err != nil {
		return runner.Reply{Err: err}
	}
	return runner.HelperRemote{Argv: []string{path, "post"}}.Post(ctx, h, body)
}
