package model

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync/atomic"
	"time"
)

// OpenAI's Chat Completions API (POST .../chat/completions), as an OpenAI-compatible provider
// speaks it (Cline's): a request names the tools on offer ({"type": "function", "function":
// {"name"}}) and carries the conversation as messages, a tool's result being a message of role
// "tool"; the answer is one chat.completion object or, when the request says "stream": true,
// server-sent chunks (the role, the text or the tool call's name and arguments, the finish
// reason, the usage) ending with "data: [DONE]".

func init() {
	providers = append(providers, func(s *Server) {
		s.handle("/chat/completions", provider{api: "chat", parse: parseChat, write: writeChat})
	})
}

type chatRequest struct {
	Model    string `json:"model"`
	Stream   bool   `json:"stream"`
	Messages []struct {
		Role      string          `json:"role"`
		Content   json.RawMessage `json:"content"`
		ToolCalls []struct {
			Function struct {
				Name      string `json:"name"`
				Arguments string `json:"arguments"`
			} `json:"function"`
		} `json:"tool_calls"`
	} `json:"messages"`
	Tools []struct {
		Type     string `json:"type"`
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	} `json:"tools"`
}

func parseChat(_ string, body []byte) (Parsed, error) {
	var req chatRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return Parsed{}, err
	}
	p := Parsed{OffersTools: len(req.Tools) > 0, Stream: req.Stream, Model: req.Model}
	for _, t := range req.Tools {
		p.Tools = append(p.Tools, t.Function.Name)
	}
	for i, m := range req.Messages {
		texts, err := chatTexts(m.Content)
		if err != nil {
			return Parsed{}, fmt.Errorf("messages[%d].content: %w", i, err)
		}
		p.Text = append(p.Text, texts...)
		for _, c := range m.ToolCalls {
			p.Text = append(p.Text, c.Function.Arguments)
		}
		if m.Role == "tool" {
			p.HasToolResult = true
			p.ToolResult = joinLines(texts)
		}
	}
	return p, nil
}

// chatTexts is the text of a message's content: a string, or parts of which the text ones count.
func chatTexts(raw json.RawMessage) ([]string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return []string{s}, nil
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return nil, err
	}
	var out []string
	for _, part := range parts {
		if part.Type == "text" {
			out = append(out, part.Text)
		}
	}
	return out, nil
}

// chatIDs numbers the completions and tool calls the model writes, so each id is new.
var chatIDs atomic.Int64

func writeChat(w http.ResponseWriter, p Parsed, call *Call, text string) {
	n := chatIDs.Add(1)
	model := p.Model
	if model == "" {
		model = "scripted"
	}
	id, created := fmt.Sprintf("chatcmpl-e2e-%d", n), time.Now().Unix()
	usage := map[string]any{"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
	finish := "stop"
	var toolCall map[string]any
	if call != nil {
		finish = "tool_calls"
		args, _ := json.Marshal(call.Args)
		toolCall = map[string]any{"id": fmt.Sprintf("call_e2e_%d", n), "type": "function",
			"function": map[string]any{"name": call.Name, "arguments": string(args)}}
	}
	if !p.Stream {
		message := map[string]any{"role": "assistant", "content": text}
		if call != nil {
			message["content"], message["tool_calls"] = nil, []any{toolCall}
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"id": id, "object": "chat.completion", "created": created, "model": model,
			"choices": []any{map[string]any{"index": 0, "message": message, "finish_reason": finish}},
			"usage":   usage,
		})
		return
	}
	chunk := func(delta map[string]any, finish any, withUsage bool) map[string]any {
		c := map[string]any{"id": id, "object": "chat.completion.chunk", "created": created, "model": model,
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}}
		if withUsage {
			c["usage"] = usage
		}
		return c
	}
	delta := map[string]any{"role": "assistant", "content": text}
	if call != nil {
		toolCall["index"] = 0
		delta = map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{toolCall}}
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	for _, c := range []map[string]any{chunk(delta, nil, false), chunk(map[string]any{}, finish, true)} {
		data, _ := json.Marshal(c)
		fmt.Fprintf(w, "data: %s\n\n", data)
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}
