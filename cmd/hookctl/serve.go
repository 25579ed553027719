package main

import (
	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/config"
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
	path, argv, err := runner.ServeCommand(a.lookupEnv, version, a.configFlag, a.acceptHooks, args)
	if err != nil {
		return failuref("%w", err)
	}
	return failuref("starting %s: %w", path, execHelper(path, argv))
}

// remote is the url-hook client of a dispatch (runner.RemoteOf).
func remote(cfg *config.Config, lookupEnv func(string) (string, bool)) runner.Remote {
	return runner.RemoteOf(cfg, lookupEnv, version)
}

// checkServeBuild returns hookctl-serve's refusal when it is of another build (runner.CheckHelperBuild).
func checkServeBuild(path string) error { return runner.CheckHelperBuild(path, version) }
