package config

import (
	"fmt"
	"net/url"
	"os"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Header is one HTTP header a url hook sends, its value with $VAR already expanded.
type Header struct {
	Name, Value string
	// Written is the value as config.yaml has it, before $VAR expansion: what an approval
	// records, so that a secret a variable holds never reaches the allowlist.
	Written string
}

// Remote reports whether the hook is a url hook, answered by a JSON-RPC server instead of a
// process.
func (h Hook) Remote() bool { return h.URL != "" }

// MethodSherma is the Method of a url hook that speaks sherma's method names.
const MethodSherma = "sherma"

// shermaMethods pairs hookctl's events with sherma's remote-hook method names (SPEC 10.1). An
// array, static data; a map literal is built by an init function at every command's start.
var shermaMethods = [...]struct{ event, method string }{
	{"pre_llm_call", "before_llm_call"},
	{"post_llm_call", "after_llm_call"},
	{"pre_tool_call", "before_tool_call"},
	{"post_tool_call", "after_tool_call"},
	{"subagent_start", "before_agent_call"},
	{"subagent_stop", "after_agent_call"},
}

// ShermaMethod returns sherma's method name for the event, "" when sherma has none.
func ShermaMethod(event string) string {
	for _, p := range shermaMethods {
		if p.event == event {
			return p.method
		}
	}
	return ""
}

// ShermaEvent returns the event a sherma method name maps to, "" when it names none.
func ShermaEvent(method string) string {
	for _, p := range shermaMethods {
		if p.method == method {
			return p.event
		}
	}
	return ""
}

// RPCMethod is the JSON-RPC method a url hook is called with: the event name, or sherma's name
// for it with `method: sherma`.
func (h Hook) RPCMethod() string {
	if h.Method == MethodSherma {
		if m := ShermaMethod(h.Event); m != "" {
			return m
		}
	}
	return h.Event
}

var remoteKeys = []string{"url", "headers", "allowed_env", "method"}

// remote validates the keys of a url hook (or warns that a command hook has them).
func (l *loader) remote(event string, h *Hook, urlNode *yaml.Node, ps []pair, drop dropFunc) {
	byKey := map[string]*yaml.Node{}
	for _, p := range ps {
		if slices.Contains(remoteKeys, p.key.Value) {
			byKey[p.key.Value] = deref(p.value)
			if urlNode == nil && p.key.Value != "url" {
				l.report(warningAt(p.key, "%s is only for url hooks (ignored)", p.key.Value).about(event, h.Command))
			}
		}
	}
	if urlNode == nil {
		return
	}
	if msg := checkURL(urlNode); msg != "" {
		drop(urlNode, "%s", msg)
		return
	}
	h.URL = urlNode.Value
	allowed := l.allowedEnv(byKey["allowed_env"], drop)
	for name := range allowed {
		h.AllowedEnv = append(h.AllowedEnv, name)
	}
	slices.Sort(h.AllowedEnv)
	if n := byKey["headers"]; n != nil {
		h.Headers = l.headers(n, allowed, drop)
	}
	if n := byKey["method"]; n != nil && !isNull(n) {
		switch {
		case n.Kind != yaml.ScalarNode || n.Tag != "!!str":
			drop(n, "method must be \"sherma\" (sherma's remote-hook method names) or \"hookctl\" (the event name), not %s", describe(n))
		case n.Value == MethodSherma:
			h.Method = MethodSherma
			if ShermaMethod(event) == "" {
				l.report(warningAt(n, "sherma (whose remote-hook method names method: sherma sends) has no method for %s; the event name is sent", event).about(event, h.Command))
			}
		case n.Value == "hookctl":
		default:
			drop(n, "unknown method %q%s (valid: sherma, the sherma framework's remote-hook method names; hookctl, the event name)", n.Value, didYouMean(n.Value, []string{"sherma", "hookctl"}))
		}
	}
}

// checkURL returns why a url cannot be called, or "".
func checkURL(n *yaml.Node) string {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!str" || n.Value == "" {
		return fmt.Sprintf("url must be an http or https address, not %s", describe(n))
	}
	if strings.TrimSpace(n.Value) != n.Value || strings.ContainsFunc(n.Value, isControl) {
		return fmt.Sprintf("url %q contains white space or a control character", n.Value)
	}
	u, err := url.Parse(n.Value)
	if err != nil {
		return fmt.Sprintf("invalid url %q: %v", n.Value, errorsUnwrapURL(err))
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return fmt.Sprintf("url %q must use http or https, not %q", n.Value, u.Scheme)
	}
	if u.Host == "" {
		return fmt.Sprintf("url %q has no host", n.Value)
	}
	if u.User != nil {
		// The url is the hook's name wherever it is shown (list, run's result, the audit log),
		// so a secret in it would be printed everywhere; this message does not repeat it.
		return fmt.Sprintf("url %q carries credentials, which list, run and the audit log would show: send them in a header from a variable named in allowed_env (headers: {Authorization: \"Bearer $HOOK_TOKEN\"}, allowed_env: [HOOK_TOKEN])", shownURL(n.Value))
	}
	return ""
}

// shownURL is a url as problems name it: credentials in it are masked, since such an entry is
// reported (and dropped), never kept.
func shownURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	u.User = url.User("xxxxx")
	return u.String()
}

func errorsUnwrapURL(err error) error {
	if ue, ok := err.(*url.Error); ok {
		return ue.Err
	}
	return err
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }

// allowedEnv reads the names headers may expand.
func (l *loader) allowedEnv(n *yaml.Node, drop dropFunc) map[string]bool {
	allowed := map[string]bool{}
	if n == nil || isNull(n) {
		return allowed
	}
	if n.Kind != yaml.SequenceNode {
		drop(n, "allowed_env must be a list of variable names, not %s", describe(n))
		return allowed
	}
	for _, item := range n.Content {
		item = deref(item)
		if item.Kind != yaml.ScalarNode || item.Tag != "!!str" || !isName(item.Value) {
			drop(item, "allowed_env must list variable names, not %s", describe(item))
			continue
		}
		allowed[item.Value] = true
	}
	return allowed
}

// headers reads a url hook's headers, expanding $VAR and ${VAR} from the names in allowed only:
// a header must not become a way to send any of hookctl's environment to a server.
func (l *loader) headers(n *yaml.Node, allowed map[string]bool, drop dropFunc) []Header {
	if isNull(n) {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		drop(n, "headers must be a mapping of header names to values, not %s", describe(n))
		return nil
	}
	ps, ok := l.pairs(n, "")
	if !ok {
		drop(n, "headers cannot be read")
	}
	var out []Header
	for _, p := range ps {
		k, v := p.key, deref(p.value)
		if !isHeaderName(k.Value) {
			drop(k, "invalid header name %q", k.Value)
			continue
		}
		if v.Kind != yaml.ScalarNode || isNull(v) {
			drop(v, "header %s must be a string, not %s", k.Value, describe(v))
			continue
		}
		var refused []string
		value := os.Expand(v.Value, func(name string) string {
			if !allowed[name] {
				refused = append(refused, name)
				return ""
			}
			val, _ := l.lookup(name)
			return val
		})
		if len(refused) > 0 {
			drop(v, "header %s uses $%s, which allowed_env does not list", k.Value, refused[0])
			continue
		}
		if strings.ContainsFunc(value, func(r rune) bool { return isControl(r) && r != '\t' }) {
			drop(v, "header %s contains a control character (after $VAR expansion)", k.Value)
			continue
		}
		out = append(out, Header{Name: k.Value, Value: value, Written: v.Value})
	}
	return out
}

// isHeaderName reports whether s is an HTTP token (RFC 9110 section 5.6.2).
func isHeaderName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range []byte(s) {
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`"(),/:;<=>?@[\]{}`, c) >= 0 {
			return false
		}
	}
	return true
}
