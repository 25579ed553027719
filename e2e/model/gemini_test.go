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

// The requests Gemini CLI 0.61.0 sent under -p: the turn's first request offers its tools, the
// next carries run_shell_command's result (or, denied by a BeforeTool hook, the reason), and a
// side question of its model router goes to generateContent with no tools.
func TestParseGeminiRecorded(t *testing.T) {
	for _, tc := range []struct {
		file, path    string
		offersTools   bool
		hasToolResult bool
		toolResult    string
	}{
		{"gemini-first.json", "/v1beta/models/gemini-2.5-flash:streamGenerateContent", true, false, ""},
		{"gemini-tool-result.json", "/v1beta/models/gemini-2.5-flash:streamGenerateContent", true, true, "Output: (empty)"},
		{"gemini-denied.json", "/v1beta/models/gemini-2.5-flash:streamGenerateContent", true, true, "Tool execution blocked: guard says no: GUARDREASON"},
		{"gemini-router.json", "/v1beta/models/gemini-3.5-flash-lite:generateContent", false, false, ""},
	} {
		body, err := os.ReadFile(filepath.Join("testdata", "gemini", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		p, err := parseGemini(tc.path, body)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if p.OffersTools != tc.offersTools || tc.offersTools && !slices.Contains(p.Tools, "run_shell_command") {
			t.Errorf("%s: offers tools %v %v, want %v", tc.file, p.OffersTools, p.Tools, tc.offersTools)
		}
		if p.Stream != strings.HasSuffix(tc.path, ":streamGenerateContent") || p.Model == "" || !strings.Contains(tc.path, p.Model) {
			t.Errorf("%s: stream %v model %q", tc.file, p.Stream, p.Model)
		}
		if p.HasToolResult != tc.hasToolResult || !strings.Contains(p.ToolResult, tc.toolResult) {
			t.Errorf("%s: tool result %v %q, want %v %q", tc.file, p.HasToolResult, p.ToolResult, tc.hasToolResult, tc.toolResult)
		}
		if !slices.Contains(p.Text, "run the command") {
			t.Errorf("%s: the prompt is not among the texts", tc.file)
		}
	}
}

// The streamed answer is one event holding a whole response with the function call; the
// unstreamed one the same response as plain JSON, with text.
func TestWriteGemini(t *testing.T) {
	s := New(Script{Call: &Call{Name: "run_shell_command", Args: map[string]any{"command": "ls"}}, Final: "done"})
	srv := httptest.NewServer(s)
	defer srv.Close()
	first, _ := os.ReadFile(filepath.Join("testdata", "gemini", "gemini-first.json"))
	resp, err := http.Post(srv.URL+"/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse", "application/json", bytes.NewReader(first))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Errorf("content type %q", ct)
	}
	var events []geminiAnswer
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if data, ok := strings.CutPrefix(strings.TrimRight(sc.Text(), "\r"), "data: "); ok {
			var a geminiAnswer
			if err := json.Unmarshal([]byte(data), &a); err != nil {
				t.Fatal(err)
			}
			events = append(events, a)
		}
	}
	if len(events) != 1 || len(events[0].Candidates) != 1 {
		t.Fatalf("events %+v", events)
	}
	part := events[0].Candidates[0].Content.Parts[0]
	if part.FunctionCall == nil || part.FunctionCall.Name != "run_shell_command" || part.FunctionCall.Args["command"] != "ls" {
		t.Errorf("part %+v", part)
	}

	router, _ := os.ReadFile(filepath.Join("testdata", "gemini", "gemini-router.json"))
	resp2, err := http.Post(srv.URL+"/v1beta/models/gemini-3.5-flash-lite:generateContent", "application/json", bytes.NewReader(router))
	if err != nil {
		t.Fatal(err)
	}
	defer resp2.Body.Close()
	var a geminiAnswer
	if err := json.NewDecoder(resp2.Body).Decode(&a); err != nil {
		t.Fatal(err)
	}
	if got := a.Candidates[0].Content.Parts[0].Text; got != "done" {
		t.Errorf("text %q", got)
	}
	if rs := s.Requests(); len(rs) != 2 || rs[0].Answer != "call" || rs[1].Answer != "final" {
		t.Errorf("requests %+v", rs)
	}
}

type geminiAnswer struct {
	Candidates []struct {
		Content geminiContent
	}
}
