package model

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync/atomic"
)

// Anthropic's Messages API (POST /v1/messages), as Claude Code speaks it: a request names the
// tools on offer and carries the conversation as messages of content blocks; the answer is
// either one JSON message or, when the request says "stream": true, server-sent events
// (message_start, a content block's start, deltas and stop, message_delta with the stop
// reason, message_stop).

func init() {
	providers = append(providers, func(s *Server) {
		s.handle("/v1/messages", provider{api: "anthropic", parse: parseAnthropic, write: writeAnthropic})
	})
}

type anthropicRequest struct {
	Model  string          `json:"model"`
	Stream bool            `json:"stream"`
	System json.RawMessage `json:"system"`
	Tools  []struct {
		Name string `json:"name"`
	} `json:"tools"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
}

// anthropicBlock is one content block of a message, of any type.
type anthropicBlock struct {
	Type    string          `json:"type"`
	Text    string          `json:"text"`
	Content json.RawMessage `json:"content"` // tool_result: a string or text blocks
	Input   json.RawMessage `json:"input"`   // tool_use
}

func parseAnthropic(_ string, body []byte) (Parsed, error) {
	var req anthropicRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return Parsed{}, err
	}
	p := Parsed{OffersTools: len(req.Tools) > 0, Stream: req.Stream, Model: req.Model}
	for _, t := range req.Tools {
		p.Tools = append(p.Tools, t.Name)
	}
	system, err := anthropicTexts(req.System)
	if err != nil {
		return Parsed{}, fmt.Errorf("system: %w", err)
	}
	p.Text = append(p.Text, system...)
	for i, m := range req.Messages {
		blocks, err := anthropicBlocks(m.Content)
		if err != nil {
			return Parsed{}, fmt.Errorf("messages[%d].content: %w", i, err)
		}
		for _, b := range blocks {
			switch b.Type {
			case "text":
				p.Text = append(p.Text, b.Text)
			case "tool_use":
				p.Text = append(p.Text, string(b.Input))
			case "tool_result":
				texts, err := anthropicTexts(b.Content)
				if err != nil {
					return Parsed{}, fmt.Errorf("messages[%d] tool_result: %w", i, err)
				}
				p.HasToolResult = true
				p.ToolResult = joinLines(texts)
				p.Text = append(p.Text, texts...)
			}
		}
	}
	return p, nil
}

// anthropicBlocks reads a content field: a plain string is one text block.
func anthropicBlocks(raw json.RawMessage) ([]anthropicBlock, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return []anthropicBlock{{Type: "text", Text: s}}, nil
	}
	var blocks []anthropicBlock
	if err := json.Unmarshal(raw, &blocks); err != nil {
		return nil, err
	}
	return blocks, nil
}

// anthropicTexts is the text of a system prompt or a tool result: a string or text blocks.
func anthropicTexts(raw json.RawMessage) ([]string, error) {
	blocks, err := anthropicBlocks(raw)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, b := range blocks {
		if b.Type == "text" {
			out = append(out, b.Text)
		}
	}
	return out, nil
}

// anthropicIDs numbers the messages and tool calls the model writes, so each id is new.
var anthropicIDs atomic.Int64

func writeAnthropic(w http.ResponseWriter, p Parsed, call *Call, text string) {
	n := anthropicIDs.Add(1)
	model := p.Model
	if model == "" {
		model = "scripted"
	}
	var block, delta map[string]any
	stop := "end_turn"
	if call != nil {
		stop = "tool_use"
		args, _ := json.Marshal(call.Args)
		block = map[string]any{"type": "tool_use", "id": fmt.Sprintf("toolu_e2e_%d", n), "name": call.Name, "input": map[string]any{}}
		delta = map[string]any{"type": "input_json_delta", "partial_json": string(args)}
	} else {
		block = map[string]any{"type": "text", "text": ""}
		delta = map[string]any{"type": "text_delta", "text": text}
	}
	usage := map[string]any{"input_tokens": 1, "output_tokens": 1}
	message := map[string]any{
		"id": fmt.Sprintf("msg_e2e_%d", n), "type": "message", "role": "assistant", "model": model,
		"content": []any{}, "stop_reason": nil, "stop_sequence": nil, "usage": usage,
	}
	if !p.Stream {
		whole := map[string]any{}
		for k, v := range block {
			whole[k] = v
		}
		if call != nil {
			whole["input"] = call.Args
		} else {
			whole["text"] = text
		}
		message["content"] = []any{whole}
		message["stop_reason"] = stop
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(message)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	events := []struct {
		name string
		data map[string]any
	}{
		{"message_start", map[string]any{"type": "message_start", "message": message}},
		{"content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": block}},
		{"content_block_delta", map[string]any{"type": "content_block_delta", "index": 0, "delta": delta}},
		{"content_block_stop", map[string]any{"type": "content_block_stop", "index": 0}},
		{"message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]any{"output_tokens": 1}}},
		{"message_stop", map[string]any{"type": "message_stop"}},
	}
	for _, e := range events {
		data, _ := json.Marshal(e.data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.name, data)
	}
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}
