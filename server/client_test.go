package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/wintest"
	"github.com/hookctl/hookctl/runner"
)

// hookServer is a JSON-RPC hook server: answer writes the response to each request, after the
// request was checked to be what SPEC 10.1 says a url hook sends.
func hookServer(t *testing.T, answer func(w http.ResponseWriter, req map[string]json.RawMessage)) *httptest.Server {
	t.Helper()
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json" {
			t.Errorf("request %s with Content-Type %q", r.Method, r.Header.Get("Content-Type"))
		}
		var req map[string]json.RawMessage
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			t.Errorf("request body: %v", err)
		}
		if string(req["jsonrpc"]) != `"2.0"` || req["id"] == nil || req["method"] == nil {
			t.Errorf("not a JSON-RPC request: %v", req)
		}
		answer(w, req)
	}))
	t.Cleanup(s.Close)
	return s
}

func reply(body string) func(http.ResponseWriter, map[string]json.RawMessage) {
	return func(w http.ResponseWriter, _ map[string]json.RawMessage) { io.WriteString(w, body) }
}

// dispatchURL fires event at one url hook through a real Dispatcher and Client.
func dispatchURL(t *testing.T, event string, h config.Hook, p *runner.Payload) *runner.Result {
	t.Helper()
	h.Event, h.Command = event, h.URL
	if h.Timeout == 0 {
		h.Timeout = 5 * time.Second
	}
	d := &runner.Dispatcher{Config: &config.Config{Hooks: []config.Hook{h}, Parallel: true}, Consent: runner.TrustAll{}, Remote: NewClient()}
	res, err := d.Fire(context.Background(), runner.Call{Event: event, Payload: p})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestURLHookAnswers(t *testing.T) {
	tests := []struct {
		name, event, body string
		failClosed        bool
		status            runner.Status
		decision, reason  string
		context           string
		message           string // a substring of the hook's message
	}{
		{"null result", "pre_tool_call", `{"jsonrpc":"2.0","result":null,"id":1}`, false, runner.StatusOK, "allow", "", "", ""},
		{"block", "pre_tool_call", `{"jsonrpc":"2.0","result":{"action":"block","message":"no"},"id":1}`, false, runner.StatusBlocked, "block", "no", "", "no"},
		{"claude deny", "pre_tool_call", `{"jsonrpc":"2.0","result":{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"nope"}},"id":"1"}`, false, runner.StatusBlocked, "block", "nope", "", ""},
		{"context", "pre_llm_call", `{"jsonrpc":"2.0","result":{"context":"branch main"},"id":1}`, false, runner.StatusOK, "allow", "", "branch main", ""},
		{"rpc error", "pre_tool_call", `{"jsonrpc":"2.0","error":{"code":-32000,"message":"boom"},"id":1}`, false, runner.StatusFailed, "allow", "", "", "JSON-RPC error -32000: boom"},
		{"rpc error fail_closed", "pre_tool_call", `{"jsonrpc":"2.0","error":{"code":-32000,"message":"boom"},"id":1}`, true, runner.StatusFailed, "block", "failed closed", "", "boom"},
		{"not json", "pre_tool_call", `<html>hi</html>`, false, runner.StatusInvalidOutput, "allow", "", "", "not a JSON-RPC 2.0 response"},
		{"not json fail_closed", "pre_tool_call", `<html>hi</html>`, true, runner.StatusInvalidOutput, "block", "failed closed", "", ""},
		{"wrong version", "pre_tool_call", `{"jsonrpc":"1.0","result":null,"id":1}`, false, runner.StatusInvalidOutput, "allow", "", "", `"jsonrpc" is not "2.0"`},
		{"wrong id", "pre_tool_call", `{"jsonrpc":"2.0","result":null,"id":7}`, false, runner.StatusInvalidOutput, "allow", "", "", `"id" 7`},
		{"result a string", "pre_tool_call", `{"jsonrpc":"2.0","result":"block","id":1}`, false, runner.StatusInvalidOutput, "allow", "", "", "not a JSON object or null"},
		{"no result", "pre_tool_call", `{"jsonrpc":"2.0","id":1}`, false, runner.StatusInvalidOutput, "allow", "", "", `no "result"`},
		// A repeated key is read in every copy (SPEC 9.3, 14.4): a block in any result stands,
		// whichever copy a server's or proxy's JSON reader would keep.
		{"repeated result, block first", "pre_tool_call", `{"jsonrpc":"2.0","id":1,"result":{"decision":"block","reason":"x"},"result":null}`, false, runner.StatusInvalidOutput, "block", "x", "", `"result" repeated with different values; the block it gave stands`},
		{"repeated result, block last", "pre_tool_call", `{"jsonrpc":"2.0","id":1,"result":{"action":"allow"},"result":{"action":"block","message":"x"}}`, false, runner.StatusInvalidOutput, "block", "x", "", "the block it gave stands"},
		{"repeated result, block in the middle", "pre_tool_call", `{"jsonrpc":"2.0","id":1,"result":null,"result":{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"x"}},"result":{"decision":"approve"}}`, false, runner.StatusInvalidOutput, "block", "x", "", "the block it gave stands"},
		{"repeated result, two contexts", "pre_llm_call", `{"jsonrpc":"2.0","id":1,"result":{"context":"a"},"result":{"context":"b"}}`, false, runner.StatusInvalidOutput, "allow", "", "", `"result" repeated with different values`},
		{"repeated result, rewrite and null", "pre_tool_call", `{"jsonrpc":"2.0","id":1,"result":null,"result":{"action":"modify","args":{"command":"rm -rf /"}}}`, false, runner.StatusInvalidOutput, "allow", "", "", `"result" repeated with different values`},
		{"repeated result, rewrite and null fail_closed", "pre_tool_call", `{"jsonrpc":"2.0","id":1,"result":{"action":"modify","args":{"command":"ls"}},"result":null}`, true, runner.StatusInvalidOutput, "block", "failed closed", "", `"result" repeated with different values`},
		{"repeated result, the same twice", "pre_llm_call", `{"jsonrpc":"2.0","id":1,"result":{"context":"a"},"result":{"context":"a"}}`, false, runner.StatusOK, "allow", "", "a", ""},
		{"block beside an error", "pre_tool_call", `{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"boom"},"result":{"decision":"block","reason":"x"}}`, false, runner.StatusInvalidOutput, "block", "x", "", `both "result" and "error"; the block it gave stands`},
		{"block with a wrong id", "pre_tool_call", `{"jsonrpc":"2.0","id":1,"id":2,"result":{"decision":"block","reason":"x"}}`, false, runner.StatusInvalidOutput, "block", "x", "", `"id" 2 does not answer`},
		{"repeated id", "pre_tool_call", `{"jsonrpc":"2.0","result":{"context":"c"},"id":7,"id":1}`, false, runner.StatusInvalidOutput, "allow", "", "", `"id" 7`},
		{"repeated jsonrpc", "pre_tool_call", `{"jsonrpc":"2.0","jsonrpc":"1.0","result":null,"id":1}`, false, runner.StatusInvalidOutput, "allow", "", "", `"jsonrpc" is not "2.0"`},
		{"repeated error", "pre_tool_call", `{"jsonrpc":"2.0","error":{"code":-32000,"message":"first"},"error":{"code":-32001,"message":"second"},"id":1}`, false, runner.StatusFailed, "allow", "", "", "JSON-RPC error -32000: first"},
		{"no id", "pre_tool_call", `{"jsonrpc":"2.0","result":null}`, false, runner.StatusInvalidOutput, "allow", "", "", `no "id"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := hookServer(t, reply(tt.body))
			res := dispatchURL(t, tt.event, config.Hook{URL: s.URL, FailClosed: tt.failClosed}, &runner.Payload{ToolName: ptr("terminal")})
			hr := res.Hooks[0]
			if hr.Status != tt.status || res.Decision != tt.decision || !strings.Contains(res.Reason, tt.reason) ||
				res.Context != tt.context || !strings.Contains(hr.Message, tt.message) || hr.ExitCode != nil {
				t.Errorf("got status %s (%q) decision %s (%q) context %q exit %v", hr.Status, hr.Message, res.Decision, res.Reason, res.Context, hr.ExitCode)
			}
		})
	}
}

// TestURLHookFailures: a server that hangs, trickles, floods, redirects, answers another status
// or is not there is bounded by the hook's timeout and caps, reported, and fails open unless
// the hook is fail_closed.
func TestURLHookFailures(t *testing.T) {
	// Servers notice a client gone only once the request body is read; stop ends the handlers
	// that are left when the test is over, before the servers are closed.
	stop := make(chan struct{})
	defer close(stop)
	hang := func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		select {
		case <-r.Context().Done():
		case <-stop:
		}
	}
	trickle := func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		for _, c := range []byte(`{"jsonrpc":"2.0","result":null,"id":1}`) {
			select {
			case <-r.Context().Done():
				return
			case <-stop:
				return
			case <-time.After(200 * time.Millisecond):
			}
			w.Write([]byte{c})
			w.(http.Flusher).Flush()
		}
	}
	flood := func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"jsonrpc":"2.0","result":{"context":"`)
		chunk := strings.Repeat("x", 64<<10)
		for range 160 { // 10 MiB
			if _, err := io.WriteString(w, chunk); err != nil {
				return
			}
		}
		io.WriteString(w, `"},"id":1}`)
	}
	refused := httptest.NewServer(http.NotFoundHandler())
	refused.Close()
	tests := []struct {
		name    string
		handler http.HandlerFunc
		url     string
		status  runner.Status
		message string
		trunc   bool
	}{
		{"hangs", hang, "", runner.StatusTimeout, "timed out after 0.5s", false},
		{"trickles", trickle, "", runner.StatusTimeout, "timed out after 0.5s", false},
		{"10 MiB", flood, "", runner.StatusInvalidOutput, "response body passed 1048576 bytes", true},
		{"redirects", func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/moved" {
				t.Error("the redirect was followed")
			}
			http.Redirect(w, r, "/moved", http.StatusFound)
		}, "", runner.StatusFailed, "HTTP status 302 Found (redirect to /moved not followed)", false},
		{"500", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "down", 500) }, "", runner.StatusFailed, "HTTP status 500 Internal Server Error", false},
		{"refused", nil, refused.URL, runner.StatusFailed, "connection refused", false},
	}
	for _, tt := range tests {
		for _, fc := range []bool{false, true} {
			name := tt.name
			if fc {
				name += " fail_closed"
			}
			t.Run(name, func(t *testing.T) {
				url := tt.url
				if tt.handler != nil {
					s := httptest.NewServer(tt.handler)
					defer s.Close()
					url = s.URL
				}
				start := time.Now()
				timeout := 20 * time.Second // the failures that must not wait for it
				if tt.status == runner.StatusTimeout {
					timeout = 500 * time.Millisecond
				}
				res := dispatchURL(t, "pre_tool_call", config.Hook{URL: url, Timeout: timeout, FailClosed: fc}, nil)
				if d := time.Since(start); d > timeout+10*time.Second {
					t.Errorf("took %v, past the %v timeout by far", d, timeout)
				}
				hr := res.Hooks[0]
				if hr.Status != tt.status || !strings.Contains(hr.Message, tt.message) || hr.OutputTruncated != tt.trunc {
					t.Errorf("status %s message %q truncated %v", hr.Status, hr.Message, hr.OutputTruncated)
				}
				if strings.Contains(hr.Message, `Post "`) {
					t.Errorf("message %q repeats the request's URL", hr.Message)
				}
				want := "allow"
				if fc {
					want = "block"
				}
				if res.Decision != want {
					t.Errorf("decision %s (%q), want %s", res.Decision, res.Reason, want)
				}
			})
		}
	}
}

// TestURLHookRequest: the request carries the payload as params, sherma's method name with
// method: sherma, and the configured headers.
func TestURLHookRequest(t *testing.T) {
	var got map[string]json.RawMessage
	var auth string
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Get("Authorization")
		json.NewDecoder(r.Body).Decode(&got)
		io.WriteString(w, `{"jsonrpc":"2.0","result":null,"id":1}`)
	}))
	defer s.Close()
	p := &runner.Payload{SessionID: "s1", Extra: map[string]json.RawMessage{"user_message": json.RawMessage(`"hi"`)}}
	dispatchURL(t, "pre_llm_call", config.Hook{URL: s.URL, Method: config.MethodSherma, Headers: []config.Header{{Name: "Authorization", Value: "Bearer t0k"}}}, p)
	if string(got["method"]) != `"before_llm_call"` || auth != "Bearer t0k" {
		t.Errorf("method %s, Authorization %q", got["method"], auth)
	}
	var params map[string]json.RawMessage
	json.Unmarshal(got["params"], &params)
	if string(params["hook_event_name"]) != `"pre_llm_call"` || string(params["session_id"]) != `"s1"` || !strings.Contains(string(params["extra"]), `"user_message":"hi"`) {
		t.Errorf("params = %s", got["params"])
	}
}

func ptr[T any](v T) *T { return &v }

// TestURLHooksBesideCommandHooks: url hooks run beside process hooks and are merged in config
// order, whichever finishes first.
func TestURLHooksBesideCommandHooks(t *testing.T) {
	wintest.NeedsShell(t)
	slow := hookServer(t, func(w http.ResponseWriter, _ map[string]json.RawMessage) {
		time.Sleep(300 * time.Millisecond)
		io.WriteString(w, `{"jsonrpc":"2.0","result":{"context":"two"},"id":1}`)
	})
	dir := t.TempDir()
	script := func(name, ctx string) string {
		p := dir + "/" + name
		if err := os.WriteFile(p, []byte("#!/bin/sh\ncat >/dev/null\necho '{\"context\":\""+ctx+"\"}'\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	one, three := script("one.sh", "one"), script("three.sh", "three")
	hooks := []config.Hook{
		{Event: "pre_llm_call", Command: one, Argv: []string{one}, Timeout: 10 * time.Second},
		{Event: "pre_llm_call", Command: slow.URL, URL: slow.URL, Timeout: 10 * time.Second},
		{Event: "pre_llm_call", Command: three, Argv: []string{three}, Timeout: 10 * time.Second},
	}
	d := &runner.Dispatcher{Config: &config.Config{Hooks: hooks, Parallel: true}, Consent: runner.TrustAll{}, Remote: NewClient()}
	res, err := d.Fire(context.Background(), runner.Call{Event: "pre_llm_call"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Context != "one\n\ntwo\n\nthree" {
		t.Errorf("context %q", res.Context)
	}
}
