package model

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The requests Cline CLI 3.0.65 sent through its OpenAI-compatible provider, as recorded: the
// first offers its tools, the second carries run_commands' result in a message of role "tool".
func TestParseChatRecorded(t *testing.T) {
	for _, tc := range []struct {
		file          string
		shell         string
		hasToolResult bool
		toolResult    string
	}{
		{"cline-first.json", "run_commands", false, ""},
		{"cline-tool-result.json", "run_commands", true, `"query":"touch /tmp/`},
		// pi 0.73.1 ("api": "openai-completions"): its bash tool, and the reason of the block
		// hookctl's plugin returned as the tool's result.
		{"pi-first.json", "bash", false, ""},
		{"pi-tool-result.json", "bash", true, "e2e-no"},
		// OpenCode 1.18.33 (@ai-sdk/openai-compatible): its bash tool, and the allowed
		// command's empty result.
		{"opencode-first.json", "bash", false, ""},
		{"opencode-tool-result.json", "bash", true, "(no output)"},
	} {
		body, err := os.ReadFile(filepath.Join("testdata", "chat", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		p, err := parseChat("/v1/chat/completions", body)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if !p.OffersTools || !slices.Contains(p.Tools, tc.shell) || !p.Stream {
			t.Errorf("%s: tools %v, stream %v", tc.file, p.Tools, p.Stream)
		}
		if p.HasToolResult != tc.hasToolResult || !strings.Contains(p.ToolResult, tc.toolResult) {
			t.Errorf("%s: tool result %v %q, want %v %q", tc.file, p.HasToolResult, p.ToolResult, tc.hasToolResult, tc.toolResult)
		}
		if !contains(p.Text, "Run the command the test needs.") {
			t.Errorf("%s: the prompt is not among the texts", tc.file)
		}
	}
}

// The requests Qwen Code 0.24.4 and Factory Droid 0.225.2 sent (a generic Chat Completions
// custom model), as recorded in guard-denies: the first offers the agent's shell tool, the
// second carries the guard's deny as the tool's result.
func TestParseChatRecordedQwenDroid(t *testing.T) {
	for _, tc := range []struct {
		agent, shell string
	}{
		{"qwen-code", "run_shell_command"},
		{"droid", "Execute"},
	} {
		for i, file := range []string{tc.agent + "-first.json", tc.agent + "-tool-result.json"} {
			body, err := os.ReadFile(filepath.Join("testdata", "chat", file))
			if err != nil {
				t.Fatal(err)
			}
			p, err := parseChat("/v1/chat/completions", body)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			if !p.OffersTools || !slices.Contains(p.Tools, tc.shell) || !p.Stream || p.Model != "gpt-mock" {
				t.Errorf("%s: tools %v, stream %v, model %q", file, p.Tools, p.Stream, p.Model)
			}
			if p.HasToolResult != (i == 1) || i == 1 && !strings.Contains(p.ToolResult, "e2e-guard-says-no") {
				t.Errorf("%s: tool result %v %q", file, p.HasToolResult, p.ToolResult)
			}
			if !contains(p.Text, "Run the command the test needs.") {
				t.Errorf("%s: the prompt is not among the texts", file)
			}
		}
	}
}

// The streamed answer is chunks a Chat Completions client assembles into one tool call (or
// text), ending with [DONE]; the whole answer is one chat.completion.
func TestWriteChat(t *testing.T) {
	s := New(Script{Call: &Call{Name: "run_commands", Args: map[string]any{"commands": []string{"ls"}}}, Final: "done"})
	srv := httptest.NewServer(s)
	defer srv.Close()
	first, _ := os.ReadFile(filepath.Join("testdata", "chat", "cline-first.json"))
	resp, err := http.Post(srv.URL+"/v1/chat/completions", "application/json", bytes.NewReader(first))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var name, args, finish string
	done := false
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		if data == "[DONE]" {
			done = true
			continue
		}
		var chunk struct {
			Object  string
			Choices []struct {
				Delta struct {
					ToolCalls []struct {
						Function struct{ Name, Arguments string }
					} `json:"tool_calls"`
				}
				FinishReason *string `json:"finish_reason"`
			}
		}
		if err := json.Unmarshal([]byte(data), &chunk); err != nil || chunk.Object != "chat.completion.chunk" {
			t.Fatalf("chunk %s: %v", data, err)
		}
		for _, c := range chunk.Choices {
			for _, tc := range c.Delta.ToolCalls {
				name += tc.Function.Name
				args += tc.Function.Arguments
			}
			if c.FinishReason != nil {
				finish = *c.FinishReason
			}
		}
	}
	if name != "run_commands" || args != `{"commands":["ls"]}` || finish != "tool_calls" || !done {
		t.Errorf("streamed call %q %s, finish %q, [DONE] %v", name, args, finish, done)
	}

	// The request carrying the result gets the final text, whole when not streamed.
	second, _ := os.ReadFile(filepath.Join("testdata", "chat", "cline-tool-result.json"))
	var req map[string]any
	_ = json.Unmarshal(second, &req)
	req["stream"] = false
	body, _ := json.Marshal(req)
	resp2, err := http.Post(srv.URL+"/v1/chat/completions", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp2.Body.Close()
	var whole struct {
		Choices []struct {
			Message      struct{ Content string }
			FinishReason string `json:"finish_reason"`
		}
	}
	if err := json.NewDecoder(resp2.Body).Decode(&whole); err != nil || len(whole.Choices) != 1 ||
		whole.Choices[0].Message.Content != "done" || whole.Choices[0].FinishReason != "stop" {
		t.Errorf("whole answer %+v, %v", whole, err)
	}
	if got := s.Requests(); len(got) != 2 || got[0].Answer != "call" || got[1].Answer != "final" || !got[1].HasToolResult {
		t.Errorf("recorded %+v", got)
	}
}
