package main

import (
	"context"
	"os"
	"os/exec"
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

// serveBinary finds hookctl-serve: next to this hookctl, else on PATH.
func serveBinary() string {
	if self, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(self), serveBinaryName)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p
		}
	}
	if p, err := exec.LookPath(serveBinaryName); err == nil {
		return p
	}
	return serveBinaryName
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
	bin := serveBinary()
	argv := []string{bin, "serve"}
	if a.configFlag != "" {
		argv = append(argv, "--config", a.configFlag)
	}
	if a.acceptHooks {
		argv = append(argv, "--accept-hooks")
	}
	argv = append(argv, args...)
	path, err := exec.LookPath(bin)
	if err != nil {
		return failuref("hookctl serve runs %s, which is not next to hookctl nor on PATH (make build builds both): %w", serveBinaryName, err)
	}
	return failuref("starting %s: %w", path, syscall.Exec(path, argv, os.Environ()))
}

// remote is the url-hook client of a dispatch: the helper process, when the config has url
// hooks at all.
func remote(cfg *config.Config) runner.Remote {
	for _, h := range cfg.Hooks {
		if h.Remote() {
			return helperRemote{argv: sync.OnceValue(func() []string { return []string{serveBinary(), "post"} })}
		}
	}
	return nil
}

// helperRemote is runner.HelperRemote with the helper looked for at the first url hook called,
// so a run whose event has none does not search for it.
type helperRemote struct{ argv func() []string }

func (r helperRemote) Post(ctx context.Context, h config.Hook, body []byte) runner.Reply {
	return runner.HelperRemote{Argv: r.argv()}.Post(ctx, h, body)
}
