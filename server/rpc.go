package server

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// The JSON-RPC 2.0 codec. It is small and hand-written on encoding/json rather than taken from
// a library (creachadair/jrpc2 with jhttp, golang.org/x/exp/jsonrpc2) because serve needs,
// exactly: the same request handling over HTTP bodies and over newline-delimited lines of a
// unix socket, each batch answered in one write, a result that is exactly `hookctl run`'s
// object (raw JSON), the HTTP statuses of SPEC 10.2 decided before any JSON is read, and one
// shared bound on in-flight dispatches across both transports. The libraries own the
// connection loop and the concurrency, which is what serve must bound itself; what is left to
// write is about 150 lines, fuzzed by FuzzParse.

// Standard JSON-RPC 2.0 error codes.
const (
	CodeParseError     = -32700
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternalError  = -32603
	// CodeServerTooLarge (in JSON-RPC's -32000 to -32099 range for server errors) answers a
	// request whose answer would be over MaxAnswer.
	CodeServerTooLarge = -32000
)

// request is one call of a request or batch, as read.
type request struct {
	Method string
	Params json.RawMessage // an object, or nil when absent
	ID     json.RawMessage // the id to answer with ("null" when absent or unreadable)
	// notify is set for a notification (no id): it is run and never answered, not even
	// with an error.
	notify bool
	// err is set when the call cannot run: it is answered with this error. An invalid
	// request is answered even without an id, since it cannot be known to be a notification.
	err *rpcError
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
	ID      json.RawMessage `json:"id"`
}

var nullID = json.RawMessage("null")

func errorResponse(id json.RawMessage, code int, msg string) response {
	if id == nil {
		id = nullID
	}
	return response{JSONRPC: "2.0", Error: &rpcError{Code: code, Message: msg}, ID: id}
}

func resultResponse(id, result json.RawMessage) response {
	if result == nil {
		result = json.RawMessage("null")
	}
	return response{JSONRPC: "2.0", Result: result, ID: id}
}

// parse reads a request or a batch. A body that is not JSON is one parse error; an empty batch
// is one invalid request; otherwise each call is returned, invalid ones carrying their error.
func parse(body []byte) (calls []request, batch bool, fail *response) {
	body = bytes.TrimSpace(body)
	if !json.Valid(body) {
		r := errorResponse(nil, CodeParseError, "parse error: the body is not JSON")
		return nil, false, &r
	}
	if len(body) > 0 && body[0] == '[' {
		var items []json.RawMessage
		if err := json.Unmarshal(body, &items); err != nil {
			r := errorResponse(nil, CodeParseError, "parse error: "+err.Error())
			return nil, false, &r
		}
		if len(items) == 0 {
			r := errorResponse(nil, CodeInvalidRequest, "invalid request: an empty batch")
			return nil, true, &r
		}
		if len(items) > MaxBatch {
			r := errorResponse(nil, CodeInvalidRequest, fmt.Sprintf("invalid request: a batch of %d calls, over the %d a batch may hold", len(items), MaxBatch))
			return nil, true, &r
		}
		calls = make([]request, len(items))
		for i, item := range items {
			calls[i] = parseCall(item)
		}
		return calls, true, nil
	}
	return []request{parseCall(body)}, false, nil
}

// parseCall validates one call of SPEC 10.2: an object with "jsonrpc": "2.0", a string method,
// params an object when present, and an id that is a string, a number or null when present.
func parseCall(raw json.RawMessage) request {
	invalid := func(id json.RawMessage, msg string) request {
		return request{ID: id, err: &rpcError{Code: CodeInvalidRequest, Message: "invalid request: " + msg}}
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil || fields == nil {
		return invalid(nullID, "not an object")
	}
	id, hasID := fields["id"]
	if hasID && !validID(id) {
		return invalid(nullID, "id must be a string, a number or null")
	}
	orNull := id
	if !hasID {
		orNull = nullID
	}
	var version, method string
	if json.Unmarshal(fields["jsonrpc"], &version) != nil || version != "2.0" {
		return invalid(orNull, `"jsonrpc" must be "2.0"`)
	}
	m, ok := fields["method"]
	if !ok || json.Unmarshal(m, &method) != nil {
		return invalid(orNull, `"method" must be a string`)
	}
	params := fields["params"]
	if p := bytes.TrimSpace(params); len(p) > 0 && p[0] != '{' {
		return request{Method: method, ID: orNull, notify: !hasID, err: &rpcError{Code: CodeInvalidParams, Message: "invalid params: params must be an object"}}
	}
	return request{Method: method, Params: params, ID: orNull, notify: !hasID}
}

func validID(id json.RawMessage) bool {
	id = bytes.TrimSpace(id)
	if len(id) == 0 {
		return false
	}
	switch id[0] {
	case '"', 'n', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return true
	}
	return false
}

// encode writes the answers of a request or batch: nil when there is nothing to answer (only
// notifications).
func encode(answers []response, batch bool) []byte {
	if len(answers) == 0 {
		return nil
	}
	var v any = answers
	if !batch {
		v = answers[0]
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Only a result that is not JSON could fail, and results are built from JSON.
		buf.Reset()
		buf.WriteString(`{"jsonrpc":"2.0","error":{"code":-32603,"message":"internal error: encoding the response"},"id":null}` + "\n")
	}
	return buf.Bytes()
}

// encodedSize is the size of r in an answer, its separator included.
func encodedSize(r response) int {
	b, err := json.Marshal(r)
	if err != nil {
		return 0
	}
	return len(b) + 1
}
