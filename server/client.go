package server

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/runner"
)

// Client calls url hooks over net/http: it is the runner.Remote hookctl uses. It follows no
// redirect, reads at most runner.MaxStdout bytes of a response, and is bounded by the context
// the runner gives it (the hook's timeout), the body's last byte included.
type Client struct {
	http *http.Client
}

// NewClient returns a url-hook client with its own connection pool.
func NewClient() *Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxResponseHeaderBytes = 64 << 10
	t.ResponseHeaderTimeout = 0 // the hook's timeout bounds the whole exchange
	return &Client{http: &http.Client{
		Transport: t,
		// A redirect is answered as it is, and reported as a failure: a hook's server must
		// answer where the person said it is.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// Post sends body to the hook's URL and returns the response.
func (c *Client) Post(ctx context.Context, h config.Hook, body []byte) runner.Reply {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.URL, bytes.NewReader(body))
	if err != nil {
		return runner.Reply{Err: fmt.Errorf("building the request: %w", err)}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	for _, hd := range h.Headers {
		if strings.EqualFold(hd.Name, "Host") {
			req.Host = hd.Value
			continue
		}
		req.Header.Set(hd.Name, hd.Value)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // "Post URL: dial ...": the URL is already the hook's name
		}
		return failure(ctx, dialError(err))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		why := "HTTP status " + resp.Status
		if loc := resp.Header.Get("Location"); resp.StatusCode/100 == 3 && loc != "" {
			why += fmt.Sprintf(" (redirect to %s not followed)", loc)
		}
		return runner.Reply{Err: errors.New(why)}
	}
	if resp.ContentLength > runner.MaxStdout {
		return runner.Reply{Truncated: true}
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, runner.MaxStdout+1))
	if err != nil {
		return failure(ctx, fmt.Errorf("reading the response: %w", err))
	}
	if len(data) > runner.MaxStdout {
		return runner.Reply{Truncated: true}
	}
	return runner.Reply{Body: data}
}

func failure(ctx context.Context, err error) runner.Reply {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return runner.Reply{TimedOut: true}
	}
	return runner.Reply{Err: err}
}
