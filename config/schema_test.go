package config

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"gopkg.in/yaml.v3"

	"github.com/hookctl/hookctl/agent"
)

var updateSchema = flag.Bool("update-schema", false, "rewrite docs/config.schema.json from the config's keys and events")

const schemaPath = "../docs/config.schema.json"

// schema is the JSON Schema of config.yaml, made from the loader's own lists (events, top-level
// and entry keys, agent names), so a key added to the loader and not to the schema fails
// TestSchema. Unknown keys are warnings for the loader and "additionalProperties": false here,
// so an editor underlines a typo.
func schema() map[string]any {
	timeout := map[string]any{"description": "seconds (a number or \"30\"), or a duration string (\"500ms\", \"5s\"); default 60, at most 300",
		"anyOf": []any{map[string]any{"type": "number"}, map[string]any{"type": "string"}}}
	boolean := func(desc string) map[string]any {
		return map[string]any{"description": desc + " (true or false; the strings \"true\"/\"false\" are read as such)",
			"anyOf": []any{map[string]any{"type": "boolean"}, map[string]any{"enum": []any{"true", "false"}}}}
	}
	entry := map[string]any{
		"type": "object", "additionalProperties": false,
		"properties": map[string]any{
			"command": map[string]any{"type": "string", "description": "split like a shell, run with no shell; a first word with a / resolves against the config's folder"},
			"url":     map[string]any{"type": "string", "description": "an http or https endpoint called with JSON-RPC 2.0 instead of a command"},
			"matcher": map[string]any{"description": "tool events only: a regular expression matching the whole tool name (\"\" or \"*\": every tool), or a list of them",
				"anyOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "array", "minItems": 1, "items": map[string]any{"type": "string"}}}},
			"timeout":     timeout,
			"fail_closed": boolean("block when the hook cannot answer"),
			"failClosed":  boolean("alias of fail_closed"),
			"agents":      map[string]any{"type": "array", "items": map[string]any{"enum": toAny(agent.Names())}, "description": "the dialects this hook runs under; all when absent"},
			"dialect":     map[string]any{"enum": toAny(agent.ScriptDialects()), "description": "the protocol the script speaks under every agent; the calling agent's own when absent"},
			"pin":         map[string]any{"type": "string", "description": "exec: run the held file itself (/dev/fd/N)"},
			"headers":     map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}, "description": "url hooks: request headers; $VAR expands names in allowed_env only"},
			"allowed_env": map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
			"method":      map[string]any{"enum": []any{"sherma", "hookctl"}, "description": "url hooks: the JSON-RPC method names"},
		},
		"anyOf": []any{map[string]any{"required": []any{"command"}}, map[string]any{"required": []any{"url"}}},
	}
	events := map[string]any{}
	for _, e := range Events() {
		events[e] = map[string]any{"$ref": "#/$defs/entries"}
	}
	top := map[string]any{
		"hooks":             map[string]any{"type": "object", "properties": events, "additionalProperties": map[string]any{"$ref": "#/$defs/entries"}, "description": "hooks by event; other names must be listed in custom_events"},
		"hooks_auto_accept": boolean("approve every hook without a prompt"),
		"custom_events":     map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
		"parallel":          boolean("run an event's hooks at once (default) or one by one"),
		"audit":             boolean("write the audit log (default true)"),
	}
	return map[string]any{
		"$schema":              "https://json-schema.org/draft/2020-12/schema",
		"$id":                  "https://github.com/hookctl/hookctl/docs/config.schema.json",
		"title":                "hookctl config.yaml",
		"type":                 "object",
		"additionalProperties": false,
		"properties":           top,
		"$defs":                map[string]any{"entries": map[string]any{"type": "array", "items": entry}},
	}
}

func toAny(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// TestSchema keeps docs/config.schema.json in step with the loader: go test ./config -run
// TestSchema -update-schema rewrites it.
func TestSchema(t *testing.T) {
	s := schema()
	props := s["properties"].(map[string]any)
	for _, k := range topKeys {
		if props[k] == nil {
			t.Errorf("top-level key %q is not in the schema", k)
		}
	}
	entryProps := s["$defs"].(map[string]any)["entries"].(map[string]any)["items"].(map[string]any)["properties"].(map[string]any)
	for _, k := range entryKeys {
		if entryProps[k] == nil {
			t.Errorf("entry key %q is not in the schema", k)
		}
	}
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, '\n')
	if *updateSchema {
		if err := os.WriteFile(schemaPath, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, data) {
		t.Errorf("%s is not what the config's keys give: go test ./config -run TestSchema -update-schema", schemaPath)
	}
}

// TestSchemaAcceptsValidConfigs checks the schema against the starter config and every config
// of the script tests that the loader reads with no problem at all: what hookctl accepts, the
// schema must accept. And a config with a typo must be refused.
func TestSchemaAcceptsValidConfigs(t *testing.T) {
	var sch map[string]any
	data, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &sch); err != nil {
		t.Fatal(err)
	}
	configs := map[string][]byte{}
	if configs["starter"], err = os.ReadFile("../scripts/examples/config.yaml"); err != nil {
		t.Fatal(err)
	}
	scripts, _ := filepath.Glob("../testdata/script/*.txtar")
	for _, path := range scripts {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if !strings.HasSuffix(f.Name, ".yaml") {
				continue
			}
			file := filepath.Join(t.TempDir(), "config.yaml")
			if err := os.WriteFile(file, f.Data, 0o600); err != nil {
				t.Fatal(err)
			}
			cfg, err := Load(file, Options{LookupEnv: func(string) (string, bool) { return "", false }})
			if err != nil || len(cfg.Problems) > 0 || len(cfg.Hooks) == 0 {
				continue
			}
			configs[filepath.Base(path)+":"+f.Name] = f.Data
		}
	}
	if len(configs) < 20 {
		t.Fatalf("only %d valid configs found", len(configs))
	}
	for name, text := range configs {
		var doc any
		if err := yaml.Unmarshal(text, &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := validate(sch, sch, doc, "$"); err != nil {
			t.Errorf("%s: the schema refuses a config hookctl accepts: %v", name, err)
		}
	}
	var typo any
	_ = yaml.Unmarshal([]byte("hooks:\n  pre_tool_call:\n    - comand: ./x.sh\n"), &typo)
	if validate(sch, sch, typo, "$") == nil {
		t.Error("the schema accepts comand for command")
	}
}

// validate is the small part of JSON Schema the schema uses: type, enum, properties,
// additionalProperties, items, minItems, required, anyOf and local $ref.
func validate(root, s map[string]any, v any, at string) error {
	if ref, ok := s["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, "#/$defs/")
		return validate(root, root["$defs"].(map[string]any)[name].(map[string]any), v, at)
	}
	if ty, ok := s["type"].(string); ok && !hasType(v, ty) {
		return fmt.Errorf("%s: want %s, got %T", at, ty, v)
	}
	if enum, ok := s["enum"].([]any); ok && !slices.Contains(enum, v) {
		return fmt.Errorf("%s: %v is not one of %v", at, v, enum)
	}
	if anyOf, ok := s["anyOf"].([]any); ok {
		var errs []string
		for _, alt := range anyOf {
			err := validate(root, alt.(map[string]any), v, at)
			if err == nil {
				errs = nil
				break
			}
			errs = append(errs, err.Error())
		}
		if errs != nil {
			return fmt.Errorf("%s: no alternative fits: %s", at, strings.Join(errs, "; "))
		}
	}
	if req, ok := s["required"].([]any); ok {
		obj, _ := v.(map[string]any)
		for _, k := range req {
			if _, ok := obj[k.(string)]; !ok {
				return fmt.Errorf("%s: %s is required", at, k)
			}
		}
	}
	if obj, ok := v.(map[string]any); ok {
		props, _ := s["properties"].(map[string]any)
		for k, val := range obj {
			if p, ok := props[k].(map[string]any); ok {
				if err := validate(root, p, val, at+"."+k); err != nil {
					return err
				}
				continue
			}
			switch ap := s["additionalProperties"].(type) {
			case bool:
				if !ap {
					return fmt.Errorf("%s: unknown key %q", at, k)
				}
			case map[string]any:
				if err := validate(root, ap, val, at+"."+k); err != nil {
					return err
				}
			}
		}
	}
	if arr, ok := v.([]any); ok {
		if n, ok := s["minItems"].(float64); ok && len(arr) < int(n) {
			return fmt.Errorf("%s: fewer than %v items", at, n)
		}
		if items, ok := s["items"].(map[string]any); ok {
			for i, x := range arr {
				if err := validate(root, items, x, fmt.Sprintf("%s[%d]", at, i)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func hasType(v any, ty string) bool {
	switch v.(type) {
	case map[string]any:
		return ty == "object"
	case []any:
		return ty == "array"
	case string:
		return ty == "string"
	case bool:
		return ty == "boolean"
	case int, int64, float64, uint64:
		return ty == "number"
	case nil:
		return ty == "null"
	}
	return false
}
