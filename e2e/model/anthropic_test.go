package model

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func readAnthropic(t *testing.T, name string) []byte {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("testdata", "anthropic", name))
	if err != nil {
		t.Fatal(err)
	}
	return body
}

func contains(texts []string, s string) bool {
	for _, t := range texts {
		if strings.Contains(t, s) {
			return true
		}
	}
	return false
}

func TestParseAnthropicRecorded(t *testing.T) {
	tests := []struct {
		file          string
		hasToolResult bool
		toolResult    string
		text          string
	}{
		{file: "claude-code-call.json", text: "Run the command the test needs."},
		{file: "claude-code-denied.json", hasToolResult: true, toolResult: "e2e-guard-says-no", text: "e2e-guard-says-no"},
		{file: "claude-code-context.json", text: "e2e-context-from-hook"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			p, err := parseAnthropic("/v1/messages", readAnthropic(t, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if !p.OffersTools || !p.Stream || p.Model == "" {
				t.Errorf("OffersTools=%v Stream=%v Model=%q, want tools offered, streamed, a model", p.OffersTools, p.Stream, p.Model)
			}
			if p.HasToolResult != tt.hasToolResult || p.ToolResult != tt.toolResult {
				t.Errorf("tool result %v %q, want %v %q", p.HasToolResult, p.ToolResult, tt.hasToolResult, tt.toolResult)
			}
			if !contains(p.Text, tt.text) {
				t.Errorf("no text holds %q", tt.text)
			}
			if !offered(p.Tools, "Bash") {
				t.Errorf("Bash is not among the tools offered: %v", p.Tools)
			}
		})
	}
}

func TestParseAnthropicShapes(t *testing.T) {
	body := `{"model":"m","system":"sys text","tools":[],"messages":[
		{"role":"user","content":"plain prompt"},
		{"role":"assistant","content":[{"type":"tool_use","id":"a","name":"Bash","input":{"command":"ls"}}]},
		{"role":"user","content":[{"type":"tool_result","tool_use_id":"a","content":[{"type":"text","text":"one"},{"type":"text","text":"two"}]}]}]}`
	p, err := parseAnthropic("/v1/messages", []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	want := Parsed{HasToolResult: true, ToolResult: "one\ntwo", Model: "m",
		Text: []string{"sys text", "plain prompt", `{"command":"ls"}`, "one", "two"}}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("got %+v\nwant %+v", p, want)
	}
	for _, bad := range []string{`[]`, `{"messages":[{"role":"user","content":7}]}`, `{"system":{"x":1}}`} {
		if _, err := parseAnthropic("/v1/messages", []byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// sse reads a server-sent event stream into its events' names and data.
func sse(t *testing.T, body []byte) (names []string, data []map[string]any) {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			names = append(names, strings.TrimPrefix(line, "event: "))
		case strings.HasPrefix(line, "data: "):
			var d map[string]any
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &d); err != nil {
				t.Fatalf("data %q: %v", line, err)
			}
			if d["type"] != names[len(names)-1] {
				t.Errorf("event %s carries type %v", names[len(names)-1], d["type"])
			}
			data = append(data, d)
		case line != "":
			t.Fatalf("unexpected line %q", line)
		}
	}
	return names, data
}

func post(t *testing.T, url string, body []byte) (*http.Response, []byte) {
	t.Helper()
	resp, err := http.Post(url+"/v1/messages?beta=true", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	if _, err := b.ReadFrom(resp.Body); err != nil {
		t.Fatal(err)
	}
	return resp, b.Bytes()
}

// TestAnthropicStream answers the recorded requests as the script says: the first with a
// streamed call of Bash whose input, put together from its deltas, is the scripted one; the one
// carrying the deny with the final text; and records both.
func TestAnthropicStream(t *testing.T) {
	args := map[string]any{"command": "touch /tmp/x"}
	m := New(Script{Call: &Call{Name: "Bash", Args: args}, Final: "all done"})
	srv := httptest.NewServer(m)
	defer srv.Close()

	// A HEAD probe is answered and not recorded.
	if resp, err := http.Head(srv.URL + "/"); err != nil || resp.StatusCode != 200 {
		t.Fatalf("HEAD: %v %v", resp, err)
	}

	resp, body := post(t, srv.URL, readAnthropic(t, "claude-code-call.json"))
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Errorf("Content-Type %q", ct)
	}
	names, data := sse(t, body)
	wantNames := []string{"message_start", "content_block_start", "content_block_delta", "content_block_stop", "message_delta", "message_stop"}
	if !reflect.DeepEqual(names, wantNames) {
		t.Fatalf("events %v, want %v", names, wantNames)
	}
	block := data[1]["content_block"].(map[string]any)
	if block["type"] != "tool_use" || block["name"] != "Bash" || block["id"] == "" {
		t.Errorf("content block %v", block)
	}
	var input map[string]any
	if err := json.Unmarshal([]byte(data[2]["delta"].(map[string]any)["partial_json"].(string)), &input); err != nil || !reflect.DeepEqual(input, args) {
		t.Errorf("input %v (%v), want %v", input, err, args)
	}
	if stop := data[4]["delta"].(map[string]any)["stop_reason"]; stop != "tool_use" {
		t.Errorf("stop_reason %v", stop)
	}

	_, body = post(t, srv.URL, readAnthropic(t, "claude-code-denied.json"))
	_, data = sse(t, body)
	if d := data[2]["delta"].(map[string]any); d["type"] != "text_delta" || d["text"] != "all done" {
		t.Errorf("final delta %v", d)
	}
	if stop := data[4]["delta"].(map[string]any)["stop_reason"]; stop != "end_turn" {
		t.Errorf("stop_reason %v", stop)
	}

	reqs := m.Requests()
	if len(reqs) != 2 || reqs[0].Answer != "call" || reqs[1].Answer != "final" || reqs[1].ToolResult != "e2e-guard-says-no" {
		t.Errorf("recorded %+v", reqs)
	}
	if !strings.Contains(m.Texts(), "e2e-guard-says-no") || len(m.Errors()) != 0 {
		t.Errorf("texts or errors wrong: %v", m.Errors())
	}
}

func TestAnthropicNotStreamed(t *testing.T) {
	m := New(Script{Call: &Call{Name: "Bash", Args: map[string]any{"command": "ls"}}, Final: "fin"})
	srv := httptest.NewServer(m)
	defer srv.Close()
	for _, tt := range []struct {
		body, kind, stop string
	}{
		{`{"model":"m","tools":[{"name":"Bash"}],"messages":[{"role":"user","content":"hi"}]}`, "tool_use", "tool_use"},
		{`{"model":"m","messages":[{"role":"user","content":"a title please"}]}`, "text", "end_turn"},
	} {
		_, body := post(t, srv.URL, []byte(tt.body))
		var msg struct {
			Model      string `json:"model"`
			StopReason string `json:"stop_reason"`
			Content    []struct {
				Type  string         `json:"type"`
				Text  string         `json:"text"`
				Input map[string]any `json:"input"`
			} `json:"content"`
		}
		if err := json.Unmarshal(body, &msg); err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		if msg.Model != "m" || msg.StopReason != tt.stop || len(msg.Content) != 1 || msg.Content[0].Type != tt.kind {
			t.Errorf("%s", body)
		}
	}
}

// TestCallOfAToolNotOffered: a script calling a tool the agent does not have is an error the
// case shows, not a call the agent would refuse while a "did not run" check passes.
func TestCallOfAToolNotOffered(t *testing.T) {
	m := New(Script{Call: &Call{Name: "run_shell_command", Args: map[string]any{"command": "ls"}}, Final: "fin"})
	srv := httptest.NewServer(m)
	defer srv.Close()
	resp, _ := post(t, srv.URL, readAnthropic(t, "claude-code-call.json"))
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("status %d", resp.StatusCode)
	}
	if errs := m.Errors(); len(errs) != 1 || !strings.Contains(errs[0].Err, "did not offer") {
		t.Errorf("errors %+v", errs)
	}
}

func TestAnthropicBadRequestIsRecorded(t *testing.T) {
	m := New(Script{Final: "fin"})
	srv := httptest.NewServer(m)
	defer srv.Close()
	resp, _ := post(t, srv.URL, []byte(`{"messages": 5}`))
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("status %d", resp.StatusCode)
	}
	if errs := m.Errors(); len(errs) != 1 || !strings.Contains(errs[0].Err, "anthropic request not understood") {
		t.Errorf("errors %+v", errs)
	}
}
