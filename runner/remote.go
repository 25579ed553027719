package runner

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/jsonx"
)

// Remote calls url hooks (SPEC 10.1): it POSTs a JSON-RPC 2.0 request body to the hook's URL,
// with its headers, within its timeout, and returns what came back. The runner builds the
// request and reads the response, so every Remote judges alike; server.Client is the one
// hookctl uses.
type Remote interface {
	Post(ctx context.Context, h config.Hook, body []byte) Reply
}

// Reply is what a url hook's server sent back.
type Reply struct {
	// Body is the response body, at most MaxStdout bytes.
	Body []byte
	// Truncated is set when the body passed MaxStdout; Body is then not read.
	Truncated bool
	// TimedOut is set when the hook's timeout passed before the whole body arrived.
	TimedOut bool
	// Err is any other failure: no connection, a status other than 200, a redirect. Its text
	// is the reason reported.
	Err error
}

// rpcID is the id of every request a url hook receives: one request per connection's call.
const rpcID = "1"

// ErrNoRemote is the failure of a url hook in a Dispatcher without a Remote.
var ErrNoRemote = errors.New("no url client configured")

// rpcRequest builds the JSON-RPC request for a url hook: the payload is sent as params.
func rpcRequest(h config.Hook, payload []byte) []byte {
	b := make([]byte, 0, len(payload)+64)
	b = append(b, `{"jsonrpc":"2.0","method":`...)
	b = jsonx.AppendString(b, h.RPCMethod())
	b = append(b, `,"params":`...)
	b = append(b, payload...)
	b = append(b, `,"id":`+rpcID+`}`...)
	return b
}

func (d *Dispatcher) runRemote(ctx context.Context, j job, h config.Hook, stdin []byte) (HookResult, effect) {
	start := time.Now()
	var r Reply
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		r.Err = errPastDeadline
	case ctx.Err() != nil:
		r.Err = errors.New("interrupted")
	case d.Remote == nil:
		r.Err = ErrNoRemote
	default:
		timeout, _ := config.EffectiveTimeout(h.Timeout)
		cctx, cancel := context.WithTimeout(ctx, timeout)
		r = d.Remote.Post(cctx, h, rpcRequest(h, stdin))
		switch {
		case cctx.Err() == context.DeadlineExceeded && ctx.Err() == nil && r.Body == nil && !r.Truncated:
			r.TimedOut = true // whatever error the cut connection gave
		case errors.Is(ctx.Err(), context.DeadlineExceeded) && r.Err != nil:
			r.Err = errPastDeadline
		}
		cancel()
	}
	return j.judgeReply(h, r, time.Since(start))
}

// judgeReply turns a url hook's reply into its result and effect, as judge does for a process:
// a result object is read as a hook's answer (SPEC 5.3), null is no directive, and everything
// else is a failure that blocks only a fail_closed hook.
func (j job) judgeReply(h config.Hook, r Reply, took time.Duration) (HookResult, effect) {
	hr := HookResult{Command: h.Command, DurationMS: took.Milliseconds(), OutputTruncated: r.Truncated}
	e := effect{command: h.Command}
	fail := func(st Status, why string) (HookResult, effect) {
		j.tighten(h, &hr, &e, anomaly{st, why, why})
		return hr, e
	}
	timeout, _ := config.EffectiveTimeout(h.Timeout)
	switch {
	case r.TimedOut:
		return fail(StatusTimeout, "timed out after "+seconds(timeout))
	case r.Truncated:
		return fail(StatusInvalidOutput, fmt.Sprintf("response body passed %d bytes; the request was abandoned", MaxStdout))
	case r.Err != nil:
		return fail(StatusFailed, r.Err.Error())
	}
	results, err := rpcResult(r.Body)
	if err != nil {
		st := StatusFailed // the server's JSON-RPC error: the hook ran and failed
		if errors.Is(err, ErrRPC) {
			st = StatusInvalidOutput
		}
		hr.Stdout = resultsText(results)
		j.applyStrictest(h, results, &hr, &e)
		return fail(st, err.Error())
	}
	result := results[0]
	hr.Stdout = strings.ToValidUTF8(string(result), "\uFFFD")
	if string(result) == "null" {
		hr.Stdout = ""
	}
	ans, err := j.dialect.Reader(hr.Stdout, j.mapping)
	if err != nil || !strings.HasPrefix(hr.Stdout, "{") && hr.Stdout != "" {
		return fail(StatusInvalidOutput, "result is not a JSON object or null")
	}
	hr.Status = StatusOK
	j.apply(h, ans, &hr, &e)
	return hr, e
}

// applyStrictest applies what tightening keeps of the results of a response that is not one
// clean answer (the results differ, or sit beside an error, a wrong id or version): every
// result object is read as a hook's answer, and the first block and the first stop of the
// agent among them are applied, so that they stand (SPEC 9.3, 14.1). Whatever else the results
// say is left out; tighten drops it anyway.
func (j job) applyStrictest(h config.Hook, results [][]byte, hr *HookResult, e *effect) {
	var a Answer
	for _, raw := range results {
		if len(raw) == 0 || raw[0] != '{' {
			continue
		}
		ans, err := j.dialect.Reader(strings.ToValidUTF8(string(raw), "\uFFFD"), j.mapping)
		if err != nil {
			continue
		}
		if ans.Block && !a.Block {
			a.Block, a.Message, a.UserMessage, a.AgentMessage = true, ans.Message, ans.UserMessage, ans.AgentMessage
		}
		if ans.Halt && !a.Halt {
			a.Halt, a.StopReason = true, ans.StopReason
		}
	}
	if a.Block || a.Halt {
		j.apply(h, a, hr, e)
	}
}

// resultsText is the results of a response for `hooks test`, one a line.
func resultsText(results [][]byte) string {
	return strings.ToValidUTF8(string(bytes.Join(results, []byte("\n"))), "\uFFFD")
}

// ErrRPC wraps every reason a url hook's response is not a usable JSON-RPC 2.0 response.
var ErrRPC = errors.New("not a JSON-RPC 2.0 response")

// rpcResult returns the result of a JSON-RPC 2.0 response (its JSON text) as results[0], or an
// error for a JSON-RPC error object and for anything that is not one answer to the request sent.
// A key the response repeats is read in every copy (SPEC 9.3, 14.4), as a hook's answer is:
// each "jsonrpc" must be "2.0" and each "id" the request's, and results that differ are no
// answer, since the server's own JSON reader may have meant either; the results are returned
// beside the error all the same, so that a block in any of them still stands.
func rpcResult(body []byte) (results [][]byte, err error) {
	members, perr := jsonx.Object(bytes.TrimSpace(body))
	if perr != nil {
		return nil, fmt.Errorf("%w: %v", ErrRPC, perr)
	}
	var versions, ids, rpcErrs [][]byte
	for _, m := range members {
		switch m.Key {
		case "jsonrpc":
			versions = append(versions, m.Value)
		case "id":
			ids = append(ids, m.Value)
		case "result":
			results = append(results, m.Value)
		case "error":
			rpcErrs = append(rpcErrs, m.Value)
		}
	}
	badVersion := len(versions) == 0
	for _, v := range versions {
		badVersion = badVersion || string(v) != `"2.0"`
	}
	var badID []byte
	for _, id := range ids {
		if badID == nil && string(id) != rpcID && string(id) != `"`+rpcID+`"` {
			badID = id
		}
	}
	differ := false
	for _, r := range results[min(1, len(results)):] {
		differ = differ || !bytes.Equal(r, results[0])
	}
	switch {
	case badVersion:
		return results, fmt.Errorf(`%w: "jsonrpc" is not "2.0"`, ErrRPC)
	case rpcErrs != nil && results != nil:
		return results, fmt.Errorf(`%w: both "result" and "error"`, ErrRPC)
	case rpcErrs != nil:
		return nil, rpcError(rpcErrs[0])
	case results == nil:
		return nil, fmt.Errorf(`%w: no "result"`, ErrRPC)
	case ids == nil:
		return results, fmt.Errorf(`%w: no "id"`, ErrRPC)
	case badID != nil:
		return results, fmt.Errorf(`%w: "id" %s does not answer the request's %s`, ErrRPC, clip(string(badID), 40), rpcID)
	case differ:
		return results, fmt.Errorf(`%w: "result" repeated with different values`, ErrRPC)
	}
	return results, nil
}

// rpcError describes a JSON-RPC error object: "JSON-RPC error CODE: MESSAGE".
func rpcError(raw []byte) error {
	members, err := jsonx.Object(raw)
	if err != nil {
		return fmt.Errorf(`%w: "error" is not an object`, ErrRPC)
	}
	code, msg := "?", ""
	for _, m := range members {
		switch m.Key {
		case "code":
			if _, err := strconv.ParseInt(string(m.Value), 10, 64); err == nil {
				code = string(m.Value)
			}
		case "message":
			msg, _ = jsonx.Unquote(m.Value)
		}
	}
	return fmt.Errorf("JSON-RPC error %s: %s", code, clip(msg, 200))
}

// clip cuts text from a server to at most n bytes for a message, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "..."
}

// HelperRemote calls url hooks through a helper process, `hookctl-serve post`: hookctl itself
// does not link net/http (see cmd/hookctl-serve), so a run that has url hooks starts the
// helper for each, bounded like a hook process. The helper reads EncodePost's request on stdin,
// writes the response body on stdout and says how the call ended by its exit status.
type HelperRemote struct {
	Argv []string
}

// Exit statuses of the helper, beside 0 (the body is on stdout) and 1 (the reason is on
// stderr).
const (
	HelperTruncated = 3
	HelperTimedOut  = 4
)

// Post runs the helper for one call.
func (r HelperRemote) Post(ctx context.Context, h config.Hook, body []byte) Reply {
	timeout, _ := config.EffectiveTimeout(h.Timeout)
	o := Exec(ctx, Command{Argv: r.Argv, Stdin: EncodePost(h, timeout, body), Timeout: timeout + time.Second})
	switch {
	case o.StartErr != nil:
		return Reply{Err: fmt.Errorf("the url client %s could not start: %w", r.Argv[0], o.StartErr)}
	case o.TimedOut || o.Interrupted:
		return Reply{TimedOut: ctx.Err() == context.DeadlineExceeded || o.TimedOut, Err: errors.New("interrupted")}
	case o.ExitCode == 0:
		return Reply{Body: o.Stdout}
	case o.ExitCode == HelperTruncated:
		return Reply{Truncated: true}
	case o.ExitCode == HelperTimedOut:
		return Reply{TimedOut: true}
	}
	why := firstLine(stderrMessage(strings.ToValidUTF8(string(o.Stderr), "\uFFFD")))
	if why == "" {
		why = "the url client " + exitText(o)
	}
	return Reply{Err: errors.New(why)}
}

// EncodePost is the request HelperRemote gives the helper:
// {"url", "headers": [[name, value], ...], "timeout_ms", "body"}. It goes on stdin, never in
// argv, where other users could read the headers' secrets.
func EncodePost(h config.Hook, timeout time.Duration, body []byte) []byte {
	b := make([]byte, 0, len(body)+256)
	b = append(b, `{"url":`...)
	b = jsonx.AppendString(b, h.URL)
	b = append(b, `,"headers":[`...)
	for i, hd := range h.Headers {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = jsonx.AppendString(b, hd.Name)
		b = append(b, ',')
		b = jsonx.AppendString(b, hd.Value)
		b = append(b, ']')
	}
	b = append(b, `],"timeout_ms":`...)
	b = strconv.AppendInt(b, timeout.Milliseconds(), 10)
	b = append(b, `,"body":`...)
	b = append(b, body...)
	return append(b, '}')
}
