package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/internal/safefile"
	"github.com/hookctl/hookctl/scripts"
)

func (a *app) initCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "init",
		Short: "Create the hookctl home with a starter config and example hooks",
		Long: `Creates $HOOKCTL_HOME (default ~/.agent-hooks) with a commented config.yaml and the
example hooks: block destructive terminal commands, format a file after a write, add git status
before an LLM turn, log finished subagents. A file that exists is never overwritten.`,
		Example: `  hookctl init
  HOOKCTL_HOME=/tmp/try-hooks hookctl init`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			loc, err := a.locations()
			if err != nil {
				return err
			}
			return a.initHome(loc.Home)
		},
	}
}

func (a *app) initHome(home string) error {
	if err := safefile.MkdirAll(home, 0o700); err != nil { // on Windows: yours and SYSTEM's only
		return failuref("creating %s: %w", home, err)
	}
	p := a.colors(a.stdout)
	entries, err := fs.ReadDir(scripts.Examples, "examples")
	if err != nil {
		return failuref("reading the embedded examples: %w", err)
	}
	wrote := 0
	for _, e := range entries {
		data, err := fs.ReadFile(scripts.Examples, path.Join("examples", e.Name()))
		if err != nil {
			return failuref("reading the embedded examples: %w", err)
		}
		dst := filepath.Join(home, e.Name())
		mode := os.FileMode(0o644)
		if strings.HasSuffix(e.Name(), ".sh") {
			mode = 0o755
		}
		// O_EXCL: a file that exists, or appears meanwhile, is never overwritten.
		f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
		if errors.Is(err, fs.ErrExist) {
			fmt.Fprintf(a.stdout, "%s %s (exists, left as is)\n", p.dim("kept   "), terminalSafe(dst))
			continue
		}
		if err != nil {
			return failuref("writing %s: %w", dst, err)
		}
		_, werr := f.Write(data)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return failuref("writing %s: %w", dst, werr)
		}
		fmt.Fprintf(a.stdout, "%s %s\n", p.green("created"), terminalSafe(dst))
		wrote++
	}
	if wrote == 0 {
		fmt.Fprintf(a.stdout, "nothing to do: %s already has every file\n", terminalSafe(home))
		a.printAgentHints()
		return nil
	}
	fmt.Fprintf(a.stdout, `
Next:
  1. Read the scripts and %s, and keep the hooks you want.
  2. hookctl hooks list              see them and their consent status
  3. hookctl hooks approve --all     approve them once reviewed
  4. hookctl hooks test pre_tool_call
`, terminalSafe(filepath.Join(home, "config.yaml")))
	a.printAgentHints()
	return nil
}

// printAgentHints names the install command of each agent whose settings folder is on this
// machine (~/.claude, ~/.cursor, ...): the step that makes the agent run the hooks.
func (a *app) printAgentHints() {
	home, err := a.home()
	if err != nil {
		return
	}
	var rows [][]cell
	for _, d := range agent.Dialects() {
		dir := filepath.Dir(d.UserSettings(home, a.lookupEnv))
		if fi, err := os.Stat(dir); d.SettingsFile == "" || err != nil || !fi.IsDir() {
			continue
		}
		rows = append(rows, []cell{{text: "hookctl install " + d.Name}, {text: "wire " + d.Title + " (" + terminalSafe(dir) + " found)"}})
	}
	if rows == nil {
		return
	}
	fmt.Fprintln(a.stdout, "\nThen make your agents run them:")
	writeTable(a.stdout, "  ", rows)
}
