package consent

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/jsonx"
)

// RemotePin records what a url hook sends beyond its url, as config.yaml writes it: its
// headers (values before $VAR expansion, so no secret a variable holds is kept), allowed_env
// and method. A url hook that sends nothing more has none, and an approval without one (as
// every approval from before it was recorded) covers only such a hook.
type RemotePin struct {
	// Headers are in config order: of two names that differ only in case, the last is sent.
	Headers    []HeaderPin
	AllowedEnv []string
	Method     string
}

// HeaderPin is one header as written.
type HeaderPin struct {
	Name, Value string
}

type remoteJSON struct {
	Headers    []headerJSON `json:"headers,omitempty"`
	AllowedEnv []string     `json:"allowed_env,omitempty"`
	Method     string       `json:"method,omitempty"`
}

type headerJSON struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// remoteOf is what an approval of h records of what it sends, nil for a command hook and for
// a url hook that sends nothing beyond its url.
func remoteOf(h config.Hook) *RemotePin {
	if !h.Remote() || len(h.Headers) == 0 && len(h.AllowedEnv) == 0 && h.Method == "" {
		return nil
	}
	r := &RemotePin{AllowedEnv: slices.Clone(h.AllowedEnv), Method: h.Method}
	for _, hd := range h.Headers {
		r.Headers = append(r.Headers, HeaderPin{Name: hd.Name, Value: hd.Written})
	}
	return r
}

func (w *remoteJSON) toPin() (*RemotePin, error) {
	if w == nil || len(w.Headers) == 0 && len(w.AllowedEnv) == 0 && w.Method == "" {
		return nil, nil // empty is the same as none: one form, so a decoded file encodes back
	}
	r := &RemotePin{Method: w.Method}
	for _, hd := range w.Headers {
		if hd.Name == "" {
			return nil, errors.New("remote: a header without a name")
		}
		r.Headers = append(r.Headers, HeaderPin(hd))
	}
	for _, name := range w.AllowedEnv {
		if name == "" {
			return nil, errors.New("remote: an empty allowed_env name")
		}
	}
	if len(w.AllowedEnv) > 0 {
		r.AllowedEnv = w.AllowedEnv
	}
	return r, nil
}

func (r *RemotePin) toJSON() *remoteJSON {
	if r == nil {
		return nil
	}
	w := &remoteJSON{AllowedEnv: r.AllowedEnv, Method: r.Method}
	for _, hd := range r.Headers {
		w.Headers = append(w.Headers, headerJSON(hd))
	}
	return w
}

func readRemote(r *jsonx.Reader, w *remoteJSON) error {
	return r.Object(func(key string) (err error) {
		switch key {
		case "headers":
			w.Headers = nil
			return r.Array(func() error {
				var hd headerJSON
				w.Headers = append(w.Headers, hd)
				if r.Null() {
					return nil
				}
				err := r.Object(func(key string) (err error) {
					switch key {
					case "name":
						hd.Name, err = r.StringOrNull()
					case "value":
						hd.Value, err = r.StringOrNull()
					default:
						err = unknownKey(r, key)
					}
					return err
				})
				w.Headers[len(w.Headers)-1] = hd
				return err
			})
		case "allowed_env":
			w.AllowedEnv = nil
			return r.Array(func() error {
				name, err := r.StringOrNull()
				w.AllowedEnv = append(w.AllowedEnv, name)
				return err
			})
		case "method":
			w.Method, err = r.StringOrNull()
		default:
			err = unknownKey(r, key)
		}
		return err
	})
}

// remoteChanges lists how what a url hook sends differs from what was approved; header values
// are compared as written but never shown, since one may hold a literal secret.
func remoteChanges(approved, now *RemotePin) []string {
	if approved == nil {
		approved = &RemotePin{}
	}
	if now == nil {
		now = &RemotePin{}
	}
	var out []string
	if !slices.Equal(approved.Headers, now.Headers) {
		out = append(out, "headers differ ("+headerChanges(approved.Headers, now.Headers)+")")
	}
	if !slices.Equal(approved.AllowedEnv, now.AllowedEnv) {
		out = append(out, fmt.Sprintf("allowed_env differs (approved [%s], now [%s])",
			strings.Join(approved.AllowedEnv, ", "), strings.Join(now.AllowedEnv, ", ")))
	}
	if approved.Method != now.Method {
		out = append(out, fmt.Sprintf("method differs (approved %s, now %s)", methodName(approved.Method), methodName(now.Method)))
	}
	return out
}

func headerChanges(approved, now []HeaderPin) string {
	var out []string
	for _, hd := range now {
		switch i := slices.IndexFunc(approved, func(a HeaderPin) bool { return a.Name == hd.Name }); {
		case i < 0:
			out = append(out, hd.Name+" added")
		case approved[i].Value != hd.Value:
			out = append(out, hd.Name+" changed")
		}
	}
	for _, hd := range approved {
		if !slices.ContainsFunc(now, func(n HeaderPin) bool { return n.Name == hd.Name }) {
			out = append(out, hd.Name+" removed")
		}
	}
	if len(out) == 0 {
		return "order changed"
	}
	return strings.Join(out, ", ")
}

func methodName(m string) string {
	if m == "" {
		return "hookctl"
	}
	return m
}
