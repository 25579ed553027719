package model

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// Gemini CLI talks to the Gemini API (generativelanguage, v1beta) at GOOGLE_GEMINI_BASE_URL:
// POST /v1beta/models/MODEL:streamGenerateContent?alt=sse for the turn, and
// MODEL:generateContent for its side questions (a title, whether the model should speak next).
// Both carry the same request; the first answers with server-sent events, each one a whole
// GenerateContentResponse, the second with one such response.
func init() {
	providers = append(providers, func(s *Server) {
		for _, action := range []string{":streamGenerateContent", ":generateContent"} {
			s.handle(action, provider{api: "gemini", parse: parseGemini, write: writeGemini})
		}
	})
}

// geminiRequest is the part of a GenerateContentRequest the model reads.
type geminiRequest struct {
	Contents          []geminiContent `json:"contents"`
	SystemInstruction *geminiContent  `json:"systemInstruction"`
	Tools             []struct {
		FunctionDeclarations []struct {
			Name string `json:"name"`
		} `json:"functionDeclarations"`
	} `json:"tools"`
}

type geminiContent struct {
	Role  string       `json:"role,omitempty"`
	Parts []geminiPart `json:"parts"`
}

type geminiPart struct {
	Text             string          `json:"text,omitempty"`
	FunctionCall     *geminiCall     `json:"functionCall,omitempty"`
	FunctionResponse *geminiResponse `json:"functionResponse,omitempty"`
}

type geminiCall struct {
	ID   string         `json:"id,omitempty"`
	Name string         `json:"name"`
	Args map[string]any `json:"args"`
}

type geminiResponse struct {
	ID       string          `json:"id,omitempty"`
	Name     string          `json:"name"`
	Response json.RawMessage `json:"response"`
}

func parseGemini(path string, body []byte) (Parsed, error) {
	var req geminiRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return Parsed{}, err
	}
	p := Parsed{Stream: strings.HasSuffix(path, ":streamGenerateContent"), Model: geminiModel(path)}
	for _, t := range req.Tools {
		for _, f := range t.FunctionDeclarations {
			p.OffersTools = true
			p.Tools = append(p.Tools, f.Name)
		}
	}
	if req.SystemInstruction != nil {
		for _, part := range req.SystemInstruction.Parts {
			if part.Text != "" {
				p.Text = append(p.Text, part.Text)
			}
		}
	}
	for _, c := range req.Contents {
		for _, part := range c.Parts {
			switch {
			case part.FunctionResponse != nil:
				text := geminiResultText(part.FunctionResponse.Response)
				p.HasToolResult, p.ToolResult = true, text
				p.Text = append(p.Text, text)
			case part.Text != "":
				p.Text = append(p.Text, part.Text)
			}
		}
	}
	return p, nil
}

// geminiResultText is a function response as text: Gemini CLI sends {"output": TEXT} for a
// tool that ran and {"error": TEXT} for one that did not; anything else is kept as JSON.
func geminiResultText(raw json.RawMessage) string {
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) == nil && len(fields) == 1 {
		for _, v := range fields {
			var s string
			if json.Unmarshal(v, &s) == nil {
				return s
			}
		}
	}
	return string(raw)
}

// geminiModel is MODEL of ".../models/MODEL:action", "" when the path has none.
func geminiModel(path string) string {
	i := strings.LastIndex(path, "/models/")
	if i < 0 {
		return ""
	}
	m := path[i+len("/models/"):]
	if j := strings.IndexByte(m, ':'); j >= 0 {
		m = m[:j]
	}
	return m
}

func writeGemini(w http.ResponseWriter, p Parsed, call *Call, text string) {
	part := map[string]any{"text": text}
	if call != nil {
		args := call.Args
		if args == nil {
			args = map[string]any{}
		}
		part = map[string]any{"functionCall": map[string]any{"name": call.Name, "args": args}}
	}
	resp := map[string]any{
		"candidates": []any{map[string]any{
			"content":      map[string]any{"role": "model", "parts": []any{part}},
			"finishReason": "STOP",
			"index":        0,
		}},
		"usageMetadata": map[string]any{"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
		"modelVersion":  p.Model,
	}
	data, err := json.Marshal(resp)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if !p.Stream {
		w.Header().Set("Content-Type", "application/json")
		w.Write(data)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	fmt.Fprintf(w, "data: %s\r\n\r\n", data)
}
