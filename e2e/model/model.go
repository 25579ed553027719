// Package model is the scripted language model of the real-agent suite: an http.Handler that
// speaks enough of each provider's streaming API for one turn of an agent. A request that
// offers tools and carries no tool result gets a call of the scripted tool; every other request
// (one carrying the tool's result, or a side request with no tools, such as a title) gets the
// scripted final text. Every request is recorded, so a case can check what the agent told the
// model (a deny reason in the tool result, a hook's context in the prompt).
//
// Each provider's wire format lives in its own file (anthropic.go, gemini.go, responses.go,
// chat.go) and registers its routes in routes; this file holds what they share.
package model

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
)

// Call is the tool call the scripted model makes: the agent's shell tool and its input.
type Call struct {
	// Name is the agent's tool name as the model sees it ("Bash", "run_shell_command").
	Name string
	// Args is the tool's input ({"command": "echo hi"}).
	Args map[string]any
	// Custom, when not empty, makes the call a freeform tool's (the Responses API's
	// custom_tool_call, as Codex's apply_patch is offered) with this text as its input; Args is
	// then unused.
	Custom string
}

// Script is what the model says in a case.
type Script struct {
	// Call is made by the first request that offers tools; nil answers every request with Final.
	Call *Call
	// Final is the text of every answer that is not the call.
	Final string
}

// Request is one request the model received.
type Request struct {
	// API names the provider API it came in on ("anthropic", "gemini", "responses", "chat").
	API  string
	Path string
	Body json.RawMessage
	// Text is every piece of text the request carried (system prompt, messages, tool
	// results), in order, so a case can look for a reason or a context in it.
	Text []string
	// ToolResult is the text of the last tool result it carried, "" for none.
	ToolResult string
	// HasToolResult says it carried a tool result at all (an empty one included).
	HasToolResult bool
	// Tools are the names of the tools it offered (nil when the provider does not read them).
	Tools []string
	// Answer is "call", "final" or "error".
	Answer string
	// Err says why a request could not be answered as scripted.
	Err string
}

// Parsed is what a provider's file reads from a request body.
type Parsed struct {
	// OffersTools says the request declared at least one tool.
	OffersTools bool
	// HasToolResult says the conversation carries a tool result.
	HasToolResult bool
	// ToolResult is the last tool result's text.
	ToolResult string
	// Text is every piece of text in the request, in order.
	Text []string
	// Stream says the client asked for a streamed answer.
	Stream bool
	// Model is the model the request named, echoed back where the API wants it.
	Model string
	// Tools are the names of the tools offered, where the provider's file reads them (nil
	// where it does not), so a call of a tool the agent does not have is reported.
	Tools []string
}

// Server is the scripted model. Its zero value is not usable: call New.
type Server struct {
	mu       sync.Mutex
	script   Script
	requests []Request
	routes   map[string]provider
}

// provider reads a request body of one API and writes the answer.
type provider struct {
	api   string
	parse func(path string, body []byte) (Parsed, error)
	// write writes the answer: the call when call is not nil, else text.
	write func(w http.ResponseWriter, p Parsed, call *Call, text string)
}

// maxBody bounds what one request may send; agents send their whole prompt, well under this.
const maxBody = 32 << 20

// New returns a model that follows script.
func New(script Script) *Server {
	s := &Server{script: script, routes: map[string]provider{}}
	for _, register := range providers {
		register(s)
	}
	return s
}

// providers are the functions each provider's file adds from init to register its routes.
var providers []func(*Server)

// handle registers a provider for a path suffix: a request whose path ends in suffix (after
// any ":action" of Gemini's) goes to it.
func (s *Server) handle(suffix string, p provider) { s.routes[suffix] = p }

// SetScript replaces the script for the requests to come.
func (s *Server) SetScript(script Script) {
	s.mu.Lock()
	s.script = script
	s.mu.Unlock()
}

// Requests returns a copy of every request received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Texts returns every text of every request, joined by newlines, for a case to search.
func (s *Server) Texts() string {
	var b strings.Builder
	for _, r := range s.Requests() {
		for _, t := range r.Text {
			b.WriteString(t)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Errors returns the requests the model could not answer as scripted.
func (s *Server) Errors() []Request {
	var out []Request
	for _, r := range s.Requests() {
		if r.Answer == "error" {
			out = append(out, r)
		}
	}
	return out
}

func (s *Server) route(path string) (provider, bool) {
	for suffix, p := range s.routes {
		if strings.HasSuffix(path, suffix) {
			return p, true
		}
	}
	return provider{}, false
}

// ServeHTTP answers one model request as the script says, and records it.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// A HEAD is an agent checking that the endpoint answers (Claude Code sends HEAD / before
	// its first request): it is not a model request, so it is answered and not recorded.
	if r.Method == http.MethodHead {
		w.WriteHeader(http.StatusOK)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	rec := Request{Path: r.URL.Path, Body: json.RawMessage(body)}
	if !json.Valid(body) {
		rec.Body = nil
	}
	p, ok := s.route(r.URL.Path)
	switch {
	case err != nil:
		s.fail(w, rec, http.StatusBadRequest, fmt.Sprintf("reading the body: %v", err))
		return
	case !ok:
		s.fail(w, rec, http.StatusNotFound, "no scripted API at "+r.Method+" "+r.URL.Path)
		return
	}
	rec.API = p.api
	parsed, err := p.parse(r.URL.Path, body)
	if err != nil {
		s.fail(w, rec, http.StatusBadRequest, fmt.Sprintf("%s request not understood: %v", p.api, err))
		return
	}
	rec.Text, rec.ToolResult, rec.HasToolResult, rec.Tools = parsed.Text, parsed.ToolResult, parsed.HasToolResult, parsed.Tools

	s.mu.Lock()
	script := s.script
	call := script.Call
	if !parsed.OffersTools || parsed.HasToolResult {
		call = nil
	}
	if call != nil && parsed.Tools != nil && !offered(parsed.Tools, call.Name) {
		// The script calls a tool the agent did not offer: the agent would answer "no such
		// tool" and a case checking that a command did not run would pass for nothing.
		s.mu.Unlock()
		s.fail(w, rec, http.StatusBadRequest, fmt.Sprintf("the script calls %s, which the agent did not offer (it offered %s)", call.Name, strings.Join(parsed.Tools, ", ")))
		return
	}
	if call != nil {
		rec.Answer = "call"
	} else {
		rec.Answer = "final"
	}
	s.requests = append(s.requests, rec)
	s.mu.Unlock()

	p.write(w, parsed, call, script.Final)
}

// fail records a request the model cannot answer and answers it with an error, so that a case
// fails with evidence instead of hanging.
func (s *Server) fail(w http.ResponseWriter, rec Request, status int, msg string) {
	rec.Answer, rec.Err = "error", msg
	s.mu.Lock()
	s.requests = append(s.requests, rec)
	s.mu.Unlock()
	http.Error(w, msg, status)
}

func offered(tools []string, name string) bool {
	for _, t := range tools {
		if t == name {
			return true
		}
	}
	return false
}

// joinLines is the text of a tool result that came in several pieces.
func joinLines(texts []string) string { return strings.Join(texts, "\n") }
