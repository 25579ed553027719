package model

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// The OpenAI Responses API (POST /v1/responses), which Codex speaks to a provider whose
// wire_api is "responses" and Copilot CLI to COPILOT_PROVIDER_BASE_URL. A request lists its
// conversation as input items (messages, function calls, their outputs); a streamed answer is
// a series of typed server-sent events that ends with response.completed, and carries each
// output item whole in response.output_item.done, which is what the clients act on.
func init() {
	providers = append(providers, func(s *Server) {
		s.handle("/responses", provider{api: "responses", parse: parseResponses, write: writeResponses})
	})
}

type responsesRequest struct {
	Model        string          `json:"model"`
	Instructions string          `json:"instructions"`
	Input        json.RawMessage `json:"input"`
	Tools        []struct {
		Type string `json:"type"`
		Name string `json:"name"`
	} `json:"tools"`
	Stream bool `json:"stream"`
}

// responsesItem is one input item; which fields are set depends on Type.
type responsesItem struct {
	Type    string          `json:"type"`
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
	// Output is a function_call_output's (or custom_tool_call_output's) result: a string or
	// a list of content parts.
	Output json.RawMessage `json:"output"`
}

func parseResponses(path string, body []byte) (Parsed, error) {
	var req responsesRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return Parsed{}, err
	}
	p := Parsed{OffersTools: len(req.Tools) > 0, Stream: req.Stream, Model: req.Model}
	for _, t := range req.Tools {
		// A built-in tool (web_search) has a type and no name.
		name := t.Name
		if name == "" {
			name = t.Type
		}
		p.Tools = append(p.Tools, name)
	}
	if req.Instructions != "" {
		p.Text = append(p.Text, req.Instructions)
	}
	// input is a string (one user message) or a list of items.
	var s string
	if json.Unmarshal(req.Input, &s) == nil {
		p.Text = append(p.Text, s)
		return p, nil
	}
	var items []responsesItem
	if len(req.Input) > 0 {
		if err := json.Unmarshal(req.Input, &items); err != nil {
			return Parsed{}, fmt.Errorf("input: %w", err)
		}
	}
	for _, it := range items {
		switch it.Type {
		case "function_call_output", "custom_tool_call_output":
			text, err := responsesContentText(it.Output)
			if err != nil {
				return Parsed{}, fmt.Errorf("%s output: %w", it.Type, err)
			}
			p.HasToolResult, p.ToolResult = true, text
			p.Text = append(p.Text, text)
		case "message", "":
			text, err := responsesContentText(it.Content)
			if err != nil {
				return Parsed{}, fmt.Errorf("message content: %w", err)
			}
			if text != "" {
				p.Text = append(p.Text, text)
			}
		}
	}
	return p, nil
}

// responsesContentText joins the text of content given as a string or as a list of parts
// ({"type": "input_text", "text": ...}); parts without text (images) add nothing.
func responsesContentText(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, nil
	}
	var parts []struct {
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", err
	}
	var out string
	for i, part := range parts {
		if i > 0 && part.Text != "" && out != "" {
			out += "\n"
		}
		out += part.Text
	}
	return out, nil
}

func writeResponses(w http.ResponseWriter, p Parsed, call *Call, text string) {
	var item map[string]any
	if call != nil {
		args, err := json.Marshal(call.Args)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if call.Args == nil {
			args = []byte("{}")
		}
		item = map[string]any{"type": "function_call", "id": "fc_1", "call_id": "call_1",
			"name": call.Name, "arguments": string(args), "status": "completed"}
		if call.Custom != "" {
			item = map[string]any{"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1",
				"name": call.Name, "input": call.Custom, "status": "completed"}
		}
	} else {
		item = map[string]any{"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
			"content": []any{map[string]any{"type": "output_text", "text": text, "annotations": []any{}}}}
	}
	response := func(status string, output []any) map[string]any {
		return map[string]any{"id": "resp_1", "object": "response", "created_at": 1, "status": status,
			"model": p.Model, "output": output,
			"usage": map[string]any{"input_tokens": 10, "output_tokens": 5, "total_tokens": 15,
				"input_tokens_details": map[string]any{"cached_tokens": 0}, "output_tokens_details": map[string]any{"reasoning_tokens": 0}}}
	}
	if !p.Stream {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(response("completed", []any{item}))
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	seq := 0
	event := func(typ string, fields map[string]any) {
		fields["type"], fields["sequence_number"] = typ, seq
		seq++
		data, _ := json.Marshal(fields)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", typ, data)
	}
	event("response.created", map[string]any{"response": response("in_progress", []any{})})
	if call != nil && call.Custom != "" {
		event("response.output_item.added", map[string]any{"output_index": 0, "item": item})
	} else if call != nil {
		added := map[string]any{}
		for k, v := range item {
			added[k] = v
		}
		added["arguments"], added["status"] = "", "in_progress"
		event("response.output_item.added", map[string]any{"output_index": 0, "item": added})
		event("response.function_call_arguments.delta", map[string]any{"output_index": 0, "item_id": "fc_1", "delta": item["arguments"]})
		event("response.function_call_arguments.done", map[string]any{"output_index": 0, "item_id": "fc_1", "arguments": item["arguments"]})
	} else {
		event("response.output_item.added", map[string]any{"output_index": 0,
			"item": map[string]any{"type": "message", "id": "msg_1", "role": "assistant", "status": "in_progress", "content": []any{}}})
		event("response.content_part.added", map[string]any{"output_index": 0, "item_id": "msg_1", "content_index": 0,
			"part": map[string]any{"type": "output_text", "text": "", "annotations": []any{}}})
		event("response.output_text.delta", map[string]any{"output_index": 0, "item_id": "msg_1", "content_index": 0, "delta": text})
		event("response.output_text.done", map[string]any{"output_index": 0, "item_id": "msg_1", "content_index": 0, "text": text})
		event("response.content_part.done", map[string]any{"output_index": 0, "item_id": "msg_1", "content_index": 0,
			"part": map[string]any{"type": "output_text", "text": text, "annotations": []any{}}})
	}
	event("response.output_item.done", map[string]any{"output_index": 0, "item": item})
	event("response.completed", map[string]any{"response": response("completed", []any{item})})
}
