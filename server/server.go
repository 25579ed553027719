package server

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/audit"
	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/safefile"
	"github.com/hookctl/hookctl/runner"
)

// Limits of a Server (SPEC 10.2).
const (
	// MaxBody caps a request body (or a line on the socket).
	MaxBody = 16 << 20
	// MaxAnswer caps an answer (a batch's answers together), as MaxBody caps a request.
	MaxAnswer = 16 << 20
	// MaxBatch caps the calls of a batch.
	MaxBatch = 1000
	// DefaultMaxInflight is how many dispatches run at once unless Options say otherwise.
	DefaultMaxInflight = 64
)

// Options configure a Server.
type Options struct {
	// Locations are the config, allowlist and home the server dispatches with.
	Locations config.Locations
	// LookupEnv expands $VAR in the config and finds the audit log; nil means os.LookupEnv.
	LookupEnv func(string) (string, bool)
	// Bypass runs every hook without consent (--accept-hooks); hooks_auto_accept does too.
	Bypass bool
	// Token, when not "", must come as "Authorization: Bearer TOKEN" on every HTTP request.
	Token string
	// MaxInflight bounds the dispatches running at once; 0 means DefaultMaxInflight.
	MaxInflight int
	// Remote calls url hooks; nil means NewClient().
	Remote runner.Remote
	// Warn receives diagnostics for the person running the server; nil discards them.
	Warn func(string)
	// Protect names what the self-guard keeps beside the hookctl home and the allowlist
	// (runner.GuardSource.Protect); nil for nothing more.
	Protect func() (files, settings []string)
}

// Server dispatches JSON-RPC 2.0 requests to the configured hooks. It is an http.Handler (any
// path, POST only), so a Go program can mount it; Run serves it the way `hookctl serve` does.
// It never prompts: unapproved hooks are skipped as in a run without a terminal. The config and
// the allowlist are read again whenever they change.
type Server struct {
	opts     Options
	remote   runner.Remote
	inflight chan struct{}
	bodies   budget
	// base is the context of every dispatch: a dispatch runs to its end (its hooks' timeouts)
	// even when its client goes away, and is interrupted only when the server is stopped hard.
	base   context.Context
	cancel context.CancelFunc
	active sync.WaitGroup

	mu    sync.Mutex
	cfg   *config.Config
	gate  *consent.Gate
	stamp safefile.Stamp
}

// New returns a server. Call Close to interrupt what is still running when it is done.
func New(opts Options) *Server {
	if opts.LookupEnv == nil {
		opts.LookupEnv = os.LookupEnv
	}
	if opts.MaxInflight <= 0 {
		opts.MaxInflight = DefaultMaxInflight
	}
	s := &Server{opts: opts, remote: opts.Remote, inflight: make(chan struct{}, opts.MaxInflight), bodies: newBudget()}
	if s.remote == nil {
		s.remote = NewClient()
	}
	s.base, s.cancel = context.WithCancel(context.Background())
	return s
}

// Close interrupts every dispatch still running (their hooks' groups are ended) and waits for
// them.
func (s *Server) Close() {
	s.cancel()
	s.active.Wait()
}

// Wait waits for the dispatches running now to finish.
func (s *Server) Wait() { s.active.Wait() }

func (s *Server) warn(format string, args ...any) {
	if s.opts.Warn != nil {
		s.opts.Warn(fmt.Sprintf(format, args...))
	}
}

// ServeHTTP answers one JSON-RPC request or batch sent as a POST body.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "hookctl serve speaks JSON-RPC 2.0 over POST", http.StatusMethodNotAllowed)
		return
	}
	if s.opts.Token != "" && !s.authorized(r.Header.Get("Authorization")) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="hookctl"`)
		// Closed at once: a connection that failed is not kept for another guess.
		w.Header().Set("Connection", "close")
		http.Error(w, "missing or wrong bearer token", http.StatusUnauthorized)
		return
	}
	if r.ContentLength > MaxBody {
		http.Error(w, fmt.Sprintf("request body over %d MiB", MaxBody>>20), http.StatusRequestEntityTooLarge)
		return
	}
	if r.ContentLength < 0 || r.ContentLength > smallBody {
		size := r.ContentLength
		if size < 0 {
			size = MaxBody // chunked: its size is known at the end only
		}
		release, ok := s.bodies.acquire(size, BodyTimeout)
		if !ok {
			http.Error(w, "too many large requests at once; try again", http.StatusServiceUnavailable)
			return
		}
		defer release()
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			http.Error(w, fmt.Sprintf("request body over %d MiB", MaxBody>>20), http.StatusRequestEntityTooLarge)
		}
		return // the client is gone or too slow: nothing to answer
	}
	out := s.Handle(body)
	if out == nil {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	// A client that does not read its answer loses it, and its connection, after WriteTimeout.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(WriteTimeout))
	_, _ = w.Write(out)
}

func (s *Server) authorized(header string) bool {
	want := "Bearer " + s.opts.Token
	return subtle.ConstantTimeCompare([]byte(header), []byte(want)) == 1
}

// Handle answers one JSON-RPC request or batch: the response JSON with a trailing newline,
// or nil when there is nothing to answer (notifications only).
func (s *Server) Handle(body []byte) []byte {
	calls, batch, fail := parse(body)
	if fail != nil {
		return encode([]response{*fail}, false)
	}
	var answers []response
	size := 0
	add := func(r response) bool {
		size += encodedSize(r)
		answers = append(answers, r)
		return size <= MaxAnswer
	}
	for _, c := range calls {
		ok := true
		if c.err != nil {
			if !c.notify || c.err.Code == CodeInvalidRequest {
				ok = add(errorResponse(c.ID, c.err.Code, c.err.Message))
			}
		} else {
			result, rerr := s.call(c.Method, c.Params)
			switch {
			case c.notify:
			case rerr != nil:
				ok = add(errorResponse(c.ID, rerr.Code, rerr.Message))
			default:
				ok = add(resultResponse(c.ID, result))
			}
		}
		if !ok {
			// The calls after this one are not run: the answer could not carry them.
			return encode([]response{errorResponse(nil, CodeServerTooLarge, fmt.Sprintf("server error: the answer is over %d MiB; send a smaller batch", MaxAnswer>>20))}, false)
		}
	}
	return encode(answers, batch)
}

// call runs one method.
func (s *Server) call(method string, params json.RawMessage) (json.RawMessage, *rpcError) {
	if method == "hookctl.ping" {
		return json.RawMessage(`"pong"`), nil
	}
	cfg, gate := s.current()
	switch {
	case config.ShermaEvent(method) != "":
		return s.sherma(cfg, gate, method, params)
	case cfg.KnownEvent(method):
		p, rerr := payloadOf(params)
		if rerr != nil {
			return nil, rerr
		}
		res, rerr := s.dispatch(cfg, gate, method, p, agent.Default)
		if rerr != nil {
			return nil, rerr
		}
		return res.AppendJSON(nil), nil
	}
	return nil, &rpcError{Code: CodeMethodNotFound, Message: fmt.Sprintf("method not found: %q is neither an event, a method of sherma's remote hooks (before_llm_call, ...) nor hookctl.ping%s", shorten(method), config.UnknownEventHint(method, cfg.AllEvents()))}
}

// payloadOf reads params as `hookctl run` reads its payload, plus an optional "tool" (--tool).
func payloadOf(params json.RawMessage) (*runner.Payload, *rpcError) {
	var tool *string
	if len(params) > 0 {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(params, &fields); err != nil {
			return nil, invalidParams(err)
		}
		if raw, ok := fields["tool"]; ok {
			var name string
			if err := json.Unmarshal(raw, &name); err != nil {
				return nil, &rpcError{Code: CodeInvalidParams, Message: `invalid params: "tool" must be a string`}
			}
			tool = &name
			delete(fields, "tool")
			params, _ = json.Marshal(fields)
		}
	}
	p, err := runner.ParsePayload(params)
	if err != nil {
		return nil, invalidParams(err)
	}
	if tool != nil {
		p.ToolName = tool
	}
	return p, nil
}

func invalidParams(err error) *rpcError {
	return &rpcError{Code: CodeInvalidParams, Message: "invalid params: " + err.Error()}
}

// dispatch fires one event within the bound on in-flight dispatches, and records it in the
// audit log. agentName is the audit entry's agent: "hermes" for hookctl's event methods,
// "sherma" for sherma's.
func (s *Server) dispatch(cfg *config.Config, gate *consent.Gate, event string, p *runner.Payload, agentName string) (*runner.Result, *rpcError) {
	s.active.Add(1)
	defer s.active.Done()
	select {
	case s.inflight <- struct{}{}:
	case <-s.base.Done():
		return nil, &rpcError{Code: CodeInternalError, Message: "internal error: the server is stopping"}
	}
	defer func() { <-s.inflight }()
	start := time.Now()
	person, _ := s.opts.LookupEnv("HOME")
	st := runner.BuildStack(s.stackOptions(cfg, gate, person), event, true)
	if filepath.IsAbs(p.Cwd) {
		// A server's own working folder and environment are not the call's: a payload without
		// an absolute cwd is in no project.
		st.ProjectFrom = p.Cwd
	}
	res, err := st.Fire(s.base, runner.Call{Event: event, Payload: p})
	switch {
	case errors.Is(err, runner.ErrPayload):
		return nil, invalidParams(err)
	case err != nil:
		return nil, &rpcError{Code: CodeInternalError, Message: "internal error: " + err.Error()}
	}
	for _, w := range res.Warnings {
		s.warn("warning: %s", w)
	}
	s.record(cfg, res, agentName, p, start)
	return res, nil
}

// stackOptions are the server's options of the one stack (runner.BuildStack): the person's
// config as the server read it, its consent (never a prompt), and a project's hooks gated by
// the project's own approvals, which --accept-hooks (Options.Bypass) but never
// hooks_auto_accept bypasses.
func (s *Server) stackOptions(cfg *config.Config, gate *consent.Gate, personHome string) runner.StackOptions {
	return runner.StackOptions{
		Locations: s.opts.Locations, PersonHome: personHome, Protect: s.opts.Protect,
		LoadConfig: func(string) (*config.Config, error) { return cfg, nil },
		Dispatcher: func(cfg *config.Config) *runner.Dispatcher {
			return &runner.Dispatcher{Config: cfg, Consent: gate, Home: s.opts.Locations.Home, Remote: s.remote}
		},
		ProjectGate: func(p *consent.Project) runner.Consent {
			return &consent.Gate{Store: p.Store, Bypass: s.opts.Bypass, Warn: func(msg string) { s.warn("warning: %s", msg) }}
		},
		SessionPrefix: "hookctl-serve-",
		Say:           func(line string) { s.warn("%s", line) },
	}
}

func (s *Server) record(cfg *config.Config, res *runner.Result, agentName string, p *runner.Payload, start time.Time) {
	if !cfg.Audit {
		return
	}
	l := audit.ForHome(s.opts.LookupEnv, s.opts.Locations.Home)
	d := audit.Dispatch{Agent: agentName, SessionID: res.SessionID, Start: start, ToolInput: p.ToolInput}
	if err := l.Record(res, d, p.ToolName); err != nil {
		s.warn("warning: %v (the decision is unchanged)", err)
	}
}

// current returns the config and consent gate, loading the config again when its file
// changed. A file that changes while it is read is read again, so a dispatch never sees half
// of a write; if it keeps changing, or cannot be read, the last good config stays. A version
// that cannot be read is reported once: it is not read again until it changes.
func (s *Server) current() (*config.Config, *consent.Gate) {
	s.mu.Lock()
	defer s.mu.Unlock()
	path := s.opts.Locations.Config
	before := safefile.StatStamp(path)
	if s.cfg != nil && before == s.stamp {
		return s.cfg, s.gate
	}
	for range 5 {
		cfg, err := config.Load(path, config.Options{LookupEnv: s.opts.LookupEnv})
		after := safefile.StatStamp(path)
		if err == nil && after == before {
			s.install(cfg, after)
			return s.cfg, s.gate
		}
		if err != nil && after == before {
			s.warn("%v; keeping the config read before", err)
			s.keep(after)
			return s.cfg, s.gate
		}
		before = after
		time.Sleep(20 * time.Millisecond)
	}
	s.keep(s.stamp)
	return s.cfg, s.gate
}

// keep keeps the config read before (an empty one if none was) as the version st.
func (s *Server) keep(st safefile.Stamp) {
	if s.cfg == nil {
		// Nothing was read: no hooks, and a recorded guard blocks what it covered, as it does
		// under run.
		s.install(config.Unread(s.opts.Locations.Config), st)
	}
	s.stamp = st
}

func (s *Server) install(cfg *config.Config, st safefile.Stamp) {
	for _, p := range cfg.Problems {
		s.warn("%s", p.String())
	}
	s.cfg, s.stamp = cfg, st
	s.gate = &consent.Gate{
		Store:  consent.NewStore(s.opts.Locations.Allowlist),
		Bypass: s.opts.Bypass || cfg.AutoAccept,
		Warn:   func(msg string) { s.warn("warning: %s", msg) },
	}
}

// shorten cuts a name quoted in an error to 200 bytes, so an answer does not echo a huge one.
func shorten(name string) string {
	if len(name) <= 200 {
		return name
	}
	return strings.ToValidUTF8(name[:200], "") + "..."
}
