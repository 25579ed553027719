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

// The requests Codex 0.169.0 sent to a provider with wire_api "responses": the first offers
// exec_command, the next carries its output in a function_call_output item.
func TestParseResponsesRecorded(t *testing.T) {
	for _, tc := range []struct {
		file          string
		hasToolResult bool
		toolResult    string
	}{
		{"codex-first.json", false, ""},
		{"codex-tool-result.json", true, "Process exited with code 0"},
	} {
		body, err := os.ReadFile(filepath.Join("testdata", "responses", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		p, err := parseResponses("/v1/responses", body)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if !p.OffersTools || !slices.Contains(p.Tools, "exec_command") || !p.Stream || p.Model != "gpt-5.5" {
			t.Errorf("%s: tools %v, stream %v, model %q", tc.file, p.Tools, p.Stream, p.Model)
		}
		if p.HasToolResult != tc.hasToolResult || !strings.Contains(p.ToolResult, tc.toolResult) {
			t.Errorf("%s: tool result %v %q, want %v %q", tc.file, p.HasToolResult, p.ToolResult, tc.hasToolResult, tc.toolResult)
		}
		if !slices.Contains(p.Text, "run the command") {
			t.Errorf("%s: the prompt is not among the texts", tc.file)
		}
	}
}

// The streamed answer is typed events ending in response.completed; the call is whole in
// response.output_item.done, its arguments a JSON string.
func TestWriteResponses(t *testing.T) {
	s := New(Script{Call: &Call{Name: "exec_command", Args: map[string]any{"cmd": "ls"}}, Final: "done"})
	srv := httptest.NewServer(s)
	defer srv.Close()
	for _, tc := range []struct{ file, want string }{{"codex-first.json", "call"}, {"codex-tool-result.json", "done"}} {
		body, _ := os.ReadFile(filepath.Join("testdata", "responses", tc.file))
		resp, err := http.Post(srv.URL+"/v1/responses", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var types []string
		var done struct {
			Item struct {
				Type, Name, Arguments string
				Content               []struct{ Text string }
			}
		}
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			data, ok := strings.CutPrefix(sc.Text(), "data: ")
			if !ok {
				continue
			}
			var ev struct{ Type string }
			if err := json.Unmarshal([]byte(data), &ev); err != nil {
				t.Fatal(err)
			}
			types = append(types, ev.Type)
			if ev.Type == "response.output_item.done" {
				json.Unmarshal([]byte(data), &done)
			}
		}
		resp.Body.Close()
		if types[0] != "response.created" || types[len(types)-1] != "response.completed" {
			t.Errorf("%s: events %v", tc.file, types)
		}
		switch tc.want {
		case "call":
			var args map[string]any
			if done.Item.Type != "function_call" || done.Item.Name != "exec_command" || json.Unmarshal([]byte(done.Item.Arguments), &args) != nil || args["cmd"] != "ls" {
				t.Errorf("%s: item %+v", tc.file, done.Item)
			}
		default:
			if done.Item.Type != "message" || len(done.Item.Content) != 1 || done.Item.Content[0].Text != tc.want {
				t.Errorf("%s: item %+v", tc.file, done.Item)
			}
		}
	}
}

// A freeform call (Codex's apply_patch) is a custom_tool_call whose input is the text itself.
func TestWriteResponsesCustom(t *testing.T) {
	patch := "*** Begin Patch\n*** Delete File: /x\n*** End Patch\n"
	s := New(Script{Call: &Call{Name: "apply_patch", Custom: patch}, Final: "done"})
	srv := httptest.NewServer(s)
	defer srv.Close()
	body, _ := os.ReadFile(filepath.Join("testdata", "responses", "codex-first.json"))
	resp, err := http.Post(srv.URL+"/v1/responses", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var done struct {
		Item struct {
			Type, Name, Input string
			CallID            string `json:"call_id"`
		}
	}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if ok && strings.Contains(data, `"response.output_item.done"`) {
			if err := json.Unmarshal([]byte(data), &done); err != nil {
				t.Fatal(err)
			}
		}
	}
	if done.Item.Type != "custom_tool_call" || done.Item.Name != "apply_patch" || done.Item.Input != patch || done.Item.CallID == "" {
		t.Errorf("item %+v", done.Item)
	}
}
