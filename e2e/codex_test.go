//go:build e2e

package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"github.com/hookctl/hookctl/e2e/model"
	"io"
	"path/filepath"
	"syscall"
	"time"
)

// Codex (@openai/codex): a model provider of its own in $CODEX_HOME/config.toml pointed at the
// scripted model's Responses API, any key through env_key, analytics and the update check off,
// `codex exec` with approvals and the sandbox bypassed. Its shell tool is exec_command
// ({"cmd"}), which its hooks see as Bash. Codex runs a hook only once the person trusted it in
// its /hooks view; the suite trusts hookctl's entries the way that view does (AfterInstall), and
// never passes --dangerously-bypass-hook-trust.
func init() {
	rows = append(rows, &Agent{
		Name:  "codex",
		Bin:   "codex",
		Shell: "exec_command",
		ShellInput: func(command string) map[string]any {
			return map[string]any{"cmd": command}
		},
		// Its hooks see the call as Bash's: {"command"}.
		HookTool: "Bash",
		HookInput: func(command string) map[string]any {
			return map[string]any{"command": command}
		},
		Settings:    ".codex/hooks.json",
		TimeoutUnit: time.Second,
		Prepare: func(e *Env) error {
			config := fmt.Sprintf(`model = "gpt-5.5"
model_provider = "scripted"
check_for_update_on_startup = false

[analytics]
enabled = false

[model_providers.scripted]
name = "scripted"
base_url = %q
wire_api = "responses"
env_key = "SCRIPTED_API_KEY"
`, e.URL+"/v1")
			e.WriteFile(filepath.Join(e.Home, ".codex", "config.toml"), config, 0o600)
			return nil
		},
		AfterInstall: codexTrustHooks,
		Env: func(e *Env) []string {
			return []string{"SCRIPTED_API_KEY=e2e-any-key", "CODEX_HOME=" + filepath.Join(e.Home, ".codex")}
		},
		Args: func(_ *Env, prompt string) []string {
			return []string{"exec", "--dangerously-bypass-approvals-and-sandbox", "--skip-git-repo-check", prompt}
		},
		// apply_patch is a freeform tool: the patch deletes the file.
		FileAttack: func(path string, _ []byte) model.Call {
			return model.Call{Name: "apply_patch", Custom: "*** Begin Patch\n*** Delete File: " + path + "\n*** End Patch\n"}
		},
		Cannot: map[string]string{
			"wall-attack-projects-removed": "Codex 0.171.0 started behind the wall refuses rm -r -f and rm -rf itself (its default exec policy: \"rm -f style commands are not permitted\") before its hooks run",
			"unapproved-skipped":           "Codex exec prints no hook's stderr when the hook exits 0",
			"continue-false-stops":         "Codex rejects continue:false on PreToolUse and takes no stop on a tool call: hookctl denies the call instead",
			"project-dir-guard":            "Codex 0.169.0 sets no $CLAUDE_PROJECT_DIR for its hooks (hookctl sets it from the payload under Claude Code and Copilot only): the path is not the script approved in the project, so fail_closed blocks",
		},
		// A rewrite no hook allowed is written as a deny ("confirmation required: "): Codex accepts
		// allow only together with updatedInput.
		RewriteAlone: RewriteRefused,
	})
}

// codexTrustHooks trusts every hook Codex lists that is not trusted yet, as the person does in
// Codex's /hooks view: that view is a client of Codex's app-server, which lists each hook with
// its key and current hash (hooks/list) and records the trust in config.toml
// (config/batchWrite of hooks.state.KEY.trusted_hash). The app-server speaks JSON-RPC, one
// message a line, on its stdin and stdout.
func codexTrustHooks(e *Env) error {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := e.command(ctx, filepath.Join(*agentsBin, "codex"), "app-server")
	cmd.Dir = e.Project
	cmd.Env = append(e.baseEnv(), e.Agent.Env(e)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() {
		_ = stdin.Close()
		_ = cmd.Wait()
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}()
	rpc := appServer{in: stdin, out: bufio.NewScanner(stdout)}
	rpc.out.Buffer(make([]byte, 0, 1<<20), 16<<20)

	if _, err := rpc.call(1, "initialize", map[string]any{"clientInfo": map[string]any{"name": "hookctl-e2e", "version": "1"}}); err != nil {
		return err
	}
	if err := rpc.send(map[string]any{"jsonrpc": "2.0", "method": "initialized"}); err != nil {
		return err
	}
	raw, err := rpc.call(2, "hooks/list", map[string]any{"cwds": []string{e.Project}})
	if err != nil {
		return err
	}
	var list struct {
		Data []struct {
			Hooks []struct {
				Key         string `json:"key"`
				CurrentHash string `json:"currentHash"`
				TrustStatus string `json:"trustStatus"`
			} `json:"hooks"`
		} `json:"data"`
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		return fmt.Errorf("codex hooks/list: %v: %s", err, raw)
	}
	id := 3
	for _, d := range list.Data {
		for _, h := range d.Hooks {
			if h.TrustStatus == "trusted" {
				continue
			}
			e.notes = append(e.notes, fmt.Sprintf("codex listed hook %s as %s; trusted it as /hooks does", h.Key, h.TrustStatus))
			edit := map[string]any{
				"edits": []any{map[string]any{
					"keyPath":       "hooks.state",
					"value":         map[string]any{h.Key: map[string]any{"trusted_hash": h.CurrentHash}},
					"mergeStrategy": "upsert",
				}},
				"reloadUserConfig": true,
			}
			if _, err := rpc.call(id, "config/batchWrite", edit); err != nil {
				return err
			}
			id++
		}
	}
	return nil
}

// appServer is the client side of Codex's app-server protocol, enough for the trust step.
type appServer struct {
	in  io.Writer
	out *bufio.Scanner
}

func (a appServer) send(msg any) error {
	data, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	_, err = a.in.Write(append(data, '\n'))
	return err
}

// call sends a request and returns its result, skipping the notifications that come between.
func (a appServer) call(id int, method string, params any) (json.RawMessage, error) {
	if err := a.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params}); err != nil {
		return nil, err
	}
	for a.out.Scan() {
		var m struct {
			ID     *int            `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if json.Unmarshal(a.out.Bytes(), &m) != nil || m.ID == nil || *m.ID != id {
			continue
		}
		if len(m.Error) > 0 && string(m.Error) != "null" {
			return nil, fmt.Errorf("codex app-server %s: %s", method, m.Error)
		}
		return m.Result, nil
	}
	if err := a.out.Err(); err != nil {
		return nil, err
	}
	return nil, fmt.Errorf("codex app-server ended before answering %s", method)
}
