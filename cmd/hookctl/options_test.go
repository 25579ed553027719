package main

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// parseArgs runs a command built with a runF that captures its options, so that parsing is
// tested apart from what the command does: nothing is loaded, approved or run.
func parseArgs[O any](build func(a *app) func(func(O) error) *cobra.Command, args []string) (O, bool, error) {
	var got O
	called := false
	cmd := build(newApp(nil, io.Discard, io.Discard, os.LookupEnv))(func(o O) error {
		got, called = o, true
		return nil
	})
	cmd.SetArgs(args)
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	err := cmd.Execute()
	return got, called, err
}

// optionsCase is one argument list and the options it parses to, or the usage error it is.
type optionsCase[O comparable] struct {
	args    []string
	want    O
	wantErr string // a part of the error; "" for none
}

func checkOptions[O comparable](t *testing.T, build func(a *app) func(func(O) error) *cobra.Command, tests []optionsCase[O]) {
	t.Helper()
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			got, called, err := parseArgs(build, tt.args)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error = %v, want one containing %q", err, tt.wantErr)
				}
				if called {
					t.Errorf("the command ran with %+v after a parsing error", got)
				}
				return
			}
			if err != nil {
				t.Fatalf("error = %v", err)
			}
			if got != tt.want {
				t.Errorf("options = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestApproveOptions(t *testing.T) {
	checkOptions(t, func(a *app) func(func(approveOptions) error) *cobra.Command { return a.approveCommand }, []optionsCase[approveOptions]{
		{args: []string{"./guard.sh"}, want: approveOptions{command: "./guard.sh"}},
		{args: []string{"./guard.sh --strict", "--event", "pre_tool_call"}, want: approveOptions{command: "./guard.sh --strict", event: "pre_tool_call"}},
		{args: []string{"--all"}, want: approveOptions{all: true}},
		{args: []string{"--all", "./guard.sh"}, wantErr: "not both"},
		{args: []string{"--all", "--event", "pre_tool_call"}, wantErr: "--event goes with a COMMAND"},
		{args: []string{}, wantErr: "approve takes one COMMAND"},
		{args: []string{"a", "b"}, wantErr: "approve takes one COMMAND"},
	})
}

func TestRevokeOptions(t *testing.T) {
	checkOptions(t, func(a *app) func(func(revokeOptions) error) *cobra.Command { return a.revokeCommand }, []optionsCase[revokeOptions]{
		{args: []string{"./guard.sh"}, want: revokeOptions{command: "./guard.sh"}},
		{args: []string{"./guard.sh", "--event=pre_llm_call"}, want: revokeOptions{command: "./guard.sh", event: "pre_llm_call"}},
		{args: []string{"./guard.sh", "--project"}, want: revokeOptions{command: "./guard.sh", project: true}},
		{args: []string{"./guard.sh", "--project", "--system"}, wantErr: "give one"},
		{args: []string{}, wantErr: "revoke takes one COMMAND"},
		{args: []string{"--all"}, wantErr: "unknown flag"},
	})
}

func TestTestOptions(t *testing.T) {
	checkOptions(t, func(a *app) func(func(testOptions) error) *cobra.Command { return a.testCommand }, []optionsCase[testOptions]{
		{args: []string{"pre_tool_call"}, want: testOptions{event: "pre_tool_call"}},
		{args: []string{"pre_tool_call", "--for-tool", ""}, want: testOptions{event: "pre_tool_call", toolSet: true}},
		{args: []string{"pre_tool_call", "--for-tool=Write", "--agent", "claude-code", "--json", "--payload-file", "p.json"},
			want: testOptions{event: "pre_tool_call", forTool: "Write", toolSet: true, agent: "claude-code", asJSON: true, payloadFile: "p.json"}},
		{args: []string{}, wantErr: "test takes exactly one EVENT, got 0"},
		{args: []string{"a", "b"}, wantErr: "test takes exactly one EVENT, got 2"},
	})
}

func TestListOptions(t *testing.T) {
	checkOptions(t, func(a *app) func(func(listOptions) error) *cobra.Command { return a.listCommand }, []optionsCase[listOptions]{
		{args: []string{}, want: listOptions{}},
		{args: []string{"--json", "--agent", "codex"}, want: listOptions{asJSON: true, agent: "codex"}},
		{args: []string{"extra"}, wantErr: "takes no arguments"},
	})
}

func TestDoctorOptions(t *testing.T) {
	checkOptions(t, func(a *app) func(func(doctorOptions) error) *cobra.Command { return a.doctorCommand }, []optionsCase[doctorOptions]{
		{args: []string{}, want: doctorOptions{}},
		{args: []string{"--json", "--agent=gemini"}, want: doctorOptions{asJSON: true, agent: "gemini"}},
		{args: []string{"extra"}, wantErr: "takes no arguments"},
	})
}
