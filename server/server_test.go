package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/wintest"
)

// home is a hookctl home with a config and the given scripts, every hook approved.
func home(t *testing.T, configYAML string, scripts map[string]string) config.Locations {
	t.Helper()
	dir := t.TempDir()
	loc := config.Locations{Home: dir, Config: filepath.Join(dir, "config.yaml"), Allowlist: filepath.Join(dir, "allowlist.json")}
	for name, body := range scripts {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeConfig(t, loc, configYAML)
	return loc
}

func writeConfig(t *testing.T, loc config.Locations, configYAML string) {
	t.Helper()
	if err := os.WriteFile(loc.Config, []byte(configYAML), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(loc.Config, config.Options{})
	if err != nil || len(cfg.Problems) > 0 {
		t.Fatalf("config: %v %v", err, cfg.Problems)
	}
	if _, err := consent.NewStore(loc.Allowlist).Approve(cfg.Hooks...); err != nil {
		t.Fatal(err)
	}
}

const (
	ctxHook   = "#!/bin/sh\ncat >/dev/null\necho '{\"context\":\"branch main\"}'\n"
	blockHook = "#!/bin/sh\ncat >/dev/null\necho '{\"action\":\"block\",\"message\":\"no rm\"}'\n"
	upperHook = "#!/bin/sh\nsed -n 's/.*\"result\": *\"\\([^\"]*\\)\".*/{\"result\":\"UPPER \\1\"}/p'\n"
	noteHook  = "#!/bin/sh\ncat >> \"$HOOKCTL_HOME/seen\"\necho >> \"$HOOKCTL_HOME/seen\"\n"
)

// listenSocket listens on the unix socket sock. Windows has AF_UNIX sockets (since Windows 10
// 1803); Wine 8 has none, and its socket call fails with WSAEAFNOSUPPORT.
func listenSocket(t *testing.T, sock string) net.Listener {
	t.Helper()
	ln, err := Listener{Addr: "unix:" + sock}.Listen()
	if err != nil {
		wintest.SkipUnderWine(t, "Wine 8 has no AF_UNIX sockets ("+err.Error()+")")
		t.Fatal(err)
	}
	return ln
}

// serveUnix runs a server on a unix socket of a fresh home and returns the socket's path.
func serveUnix(t *testing.T, loc config.Locations, opts Options) (string, *Server) {
	t.Helper()
	sock := filepath.Join(loc.Home, "hookctl.sock")
	ln := listenSocket(t, sock)
	opts.Locations = loc
	s := New(opts)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, s, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	return sock, s
}

func unixClient(sock string) *http.Client {
	return &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, "unix", sock)
		}}}
}

func post(t *testing.T, c *http.Client, url, body string, header ...string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(out)
}

func TestServeHTTPOverUnixSocket(t *testing.T) {
	loc := home(t, "hooks:\n  pre_llm_call:\n    - command: ./ctx.sh\n  pre_tool_call:\n    - command: ./block.sh\n      matcher: terminal\n",
		map[string]string{"ctx.sh": ctxHook, "block.sh": blockHook})
	sock, _ := serveUnix(t, loc, Options{})
	if fi, err := os.Stat(sock); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("socket: %v, mode %v", err, fi.Mode())
	}
	c := unixClient(sock)
	tests := []struct {
		name, body string
		status     int
		want       []string // substrings of the answer
	}{
		{"event", `{"jsonrpc":"2.0","method":"pre_tool_call","params":{"tool":"terminal","tool_input":{"command":"rm -rf /"}},"id":1}`, 200,
			[]string{`"result":{"event":"pre_tool_call","decision":"block","reason":"no rm","tool_input":null`, `"id":1`}},
		{"no match", `{"jsonrpc":"2.0","method":"pre_tool_call","params":{"tool_name":"read_file"},"id":"a"}`, 200, []string{`"decision":"allow"`, `"status":"no_match"`, `"id":"a"`}},
		{"ping", `{"jsonrpc":"2.0","method":"hookctl.ping","id":2}`, 200, []string{`{"jsonrpc":"2.0","result":"pong","id":2}`}},
		{"parse error", `{"jsonrpc":`, 200, []string{`"code":-32700`, `"id":null`}},
		{"not an object", `42`, 200, []string{`"code":-32600`}},
		{"no method", `{"jsonrpc":"2.0","id":3}`, 200, []string{`"code":-32600`, `"id":3`}},
		{"wrong version", `{"jsonrpc":"1.0","method":"hookctl.ping","id":4}`, 200, []string{`"code":-32600`, `"id":4`}},
		{"unknown method", `{"jsonrpc":"2.0","method":"pre_tool_cal","id":5}`, 200, []string{`"code":-32601`, `did you mean \"pre_tool_call\"?`}},
		{"params a list", `{"jsonrpc":"2.0","method":"pre_llm_call","params":[1],"id":6}`, 200, []string{`"code":-32602`}},
		{"tool not a string", `{"jsonrpc":"2.0","method":"pre_tool_call","params":{"tool":1},"id":7}`, 200, []string{`"code":-32602`}},
		{"empty batch", `[]`, 200, []string{`{"jsonrpc":"2.0","error":{"code":-32600,"message":"invalid request: an empty batch"},"id":null}`}},
		{"batch", `[{"jsonrpc":"2.0","method":"hookctl.ping","id":1},{"jsonrpc":"2.0","method":"pre_llm_call"},{"jsonrpc":"2.0","method":"pre_llm_call","id":2}]`, 200,
			[]string{`[{"jsonrpc":"2.0","result":"pong","id":1},{"jsonrpc":"2.0","result":{"event":"pre_llm_call"`, `"context":"branch main"`}},
		{"notification", `{"jsonrpc":"2.0","method":"pre_llm_call"}`, 204, nil},
		{"notifications only", `[{"jsonrpc":"2.0","method":"hookctl.ping"},{"jsonrpc":"2.0","method":"nope"}]`, 204, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, out := post(t, c, "http://hookctl/hooks", tt.body)
			if status != tt.status {
				t.Errorf("status %d, want %d (%s)", status, tt.status, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("answer %s\nlacks %s", out, w)
				}
			}
			if tt.status == 204 && out != "" {
				t.Errorf("a notification was answered: %s", out)
			}
		})
	}
	if n := strings.Count(post2(t, c, `[{"jsonrpc":"2.0","method":"hookctl.ping","id":1},{"jsonrpc":"2.0","method":"hookctl.ping","id":2}]`), `"result"`); n != 2 {
		t.Errorf("a batch of two got %d answers", n)
	}

	// HTTP statuses of SPEC 10.2.
	resp, err := c.Get("http://hookctl/hooks")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "POST" {
		t.Errorf("GET: %d, Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
	big := `{"jsonrpc":"2.0","method":"pre_llm_call","params":{"x":"` + strings.Repeat("a", MaxBody) + `"},"id":1}`
	if status, _ := post(t, c, "http://hookctl/hooks", big); status != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over 16 MiB: status %d", status)
	}
	// The server still serves.
	if _, out := post(t, c, "http://hookctl/hooks", `{"jsonrpc":"2.0","method":"hookctl.ping","id":9}`); !strings.Contains(out, "pong") {
		t.Errorf("after the errors: %s", out)
	}
}

func post2(t *testing.T, c *http.Client, body string) string {
	_, out := post(t, c, "http://hookctl/hooks", body)
	return out
}

// TestServeLines: on the unix socket a connection that starts with { or [ speaks
// newline-delimited JSON-RPC, answered in order, one line each.
func TestServeLines(t *testing.T) {
	loc := home(t, "hooks:\n  pre_llm_call:\n    - command: ./ctx.sh\n", map[string]string{"ctx.sh": ctxHook})
	sock, _ := serveUnix(t, loc, Options{})
	conn, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, `{"jsonrpc":"2.0","method":"pre_llm_call","params":{},"id":1}`+"\n"+
		`{"jsonrpc":"2.0","method":"hookctl.ping"}`+"\n"+
		`[{"jsonrpc":"2.0","method":"hookctl.ping","id":2},{"jsonrpc":"2.0","method":"x","id":3}]`+"\n"+
		"not json\n"+
		`{"jsonrpc":"2.0","method":"hookctl.ping","id":4}`+"\n")
	r := bufio.NewReader(conn)
	want := []string{`"context":"branch main"`, `[{"jsonrpc":"2.0","result":"pong","id":2},{"jsonrpc":"2.0","error":{"code":-32601`, `"code":-32700`, `{"jsonrpc":"2.0","result":"pong","id":4}`}
	conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	for i, w := range want {
		line, err := r.ReadString('\n')
		if err != nil || !strings.Contains(line, w) {
			t.Fatalf("answer %d: %q (%v), want %s", i, line, err, w)
		}
	}
}

// TestServeTCPToken: on TCP every request needs the bearer token.
func TestServeTCPToken(t *testing.T) {
	loc := home(t, "hooks: {}\n", nil)
	if _, err := (Listener{Addr: "0.0.0.0:0"}).Listen(); err == nil || !strings.Contains(err.Error(), "--listen-any") {
		t.Errorf("a non-loopback address without --listen-any: %v", err)
	}
	ln, err := Listener{Addr: "127.0.0.1:0"}.Listen()
	if err != nil {
		t.Fatal(err)
	}
	s := New(Options{Locations: loc, Token: "s3cret"})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, s, ln) }()
	defer func() { cancel(); <-done }()
	url := "http://" + ln.Addr().String() + "/hooks"
	ping := `{"jsonrpc":"2.0","method":"hookctl.ping","id":1}`
	c := &http.Client{Timeout: 30 * time.Second}
	if status, _ := post(t, c, url, ping); status != http.StatusUnauthorized {
		t.Errorf("no token: %d", status)
	}
	if status, _ := post(t, c, url, ping, "Authorization", "Bearer wrong"); status != http.StatusUnauthorized {
		t.Errorf("wrong token: %d", status)
	}
	if status, out := post(t, c, url, ping, "Authorization", "Bearer s3cret"); status != 200 || !strings.Contains(out, "pong") {
		t.Errorf("right token: %d %s", status, out)
	}
}

// TestServeSherma: sherma's round trip, before_llm_call with a system prompt and after_tool_call
// with a result; before_tool_call only observes.
func TestServeSherma(t *testing.T) {
	loc := home(t, `hooks:
  pre_llm_call:
    - command: ./ctx.sh
  transform_tool_result:
    - command: ./upper.sh
  post_tool_call:
    - command: ./note.sh
  pre_tool_call:
    - command: ./block.sh
    - command: ./note.sh
`, map[string]string{"ctx.sh": ctxHook, "upper.sh": upperHook, "note.sh": noteHook, "block.sh": blockHook})
	sock, _ := serveUnix(t, loc, Options{})
	c := unixClient(sock)
	out := post2(t, c, `{"jsonrpc":"2.0","method":"before_llm_call","params":{"system_prompt":"You are terse.","messages":[]},"id":1}`)
	var resp struct {
		Result map[string]any
	}
	json.Unmarshal([]byte(out), &resp)
	if resp.Result["system_prompt"] != "You are terse.\n\nbranch main" || resp.Result["messages"] == nil {
		t.Errorf("before_llm_call: %s", out)
	}
	out = post2(t, c, `{"jsonrpc":"2.0","method":"after_tool_call","params":{"name":"terminal","args":{"command":"ls"},"result":"a.txt"},"id":2}`)
	resp.Result = nil
	json.Unmarshal([]byte(out), &resp)
	if resp.Result["result"] != "UPPER a.txt" || resp.Result["name"] != "terminal" {
		t.Errorf("after_tool_call: %s", out)
	}
	out = post2(t, c, `{"jsonrpc":"2.0","method":"before_tool_call","params":{"tool_calls":[{"name":"terminal","args":{"command":"rm -rf /"}},{"name":"read_file","args":{"path":"x"}}]},"id":3}`)
	if !strings.Contains(out, `"result":null`) {
		t.Errorf("before_tool_call: %s", out)
	}
	if out := post2(t, c, `{"jsonrpc":"2.0","method":"after_llm_call","params":{},"id":4}`); !strings.Contains(out, `"result":null`) {
		t.Errorf("after_llm_call: %s", out)
	}
	log, _ := os.ReadFile(filepath.Join(loc.Home, "audit.jsonl"))
	if !bytes.Contains(log, []byte(`"event":"transform_tool_result","agent":"sherma"`)) {
		t.Errorf("the audit log lacks sherma's dispatch:\n%s", log)
	}
	seen, _ := os.ReadFile(filepath.Join(loc.Home, "seen"))
	for _, w := range []string{`"hook_event_name":"post_tool_call","tool_name":"terminal"`, `"tool_name":"terminal","tool_input":{"command":"rm -rf /"}`, `"tool_name":"read_file","tool_input":{"path":"x"}`} {
		if !bytes.Contains(seen, []byte(w)) {
			t.Errorf("the observers did not see %s:\n%s", w, seen)
		}
	}
}

// TestServeReloads: a changed config and a revoked approval take effect without a restart.
func TestServeReloads(t *testing.T) {
	loc := home(t, "hooks:\n  pre_llm_call:\n    - command: ./ctx.sh\n", map[string]string{"ctx.sh": ctxHook, "block.sh": blockHook})
	sock, _ := serveUnix(t, loc, Options{})
	c := unixClient(sock)
	call := `{"jsonrpc":"2.0","method":"pre_tool_call","params":{"tool":"terminal"},"id":1}`
	if out := post2(t, c, call); !strings.Contains(out, `"decision":"allow"`) {
		t.Fatalf("before: %s", out)
	}
	writeConfig(t, loc, "hooks:\n  pre_tool_call:\n    - command: ./block.sh\n")
	if out := post2(t, c, call); !strings.Contains(out, `"decision":"block"`) {
		t.Errorf("after the config changed: %s", out)
	}
	if _, err := consent.NewStore(loc.Allowlist).Revoke("./block.sh", ""); err != nil {
		t.Fatal(err)
	}
	if out := post2(t, c, call); !strings.Contains(out, `"status":"skipped_unapproved"`) {
		t.Errorf("after the revocation: %s", out)
	}
}

// TestServeStopsGracefully: at a stop, an in-flight dispatch finishes and is answered, and the
// socket is removed.
func TestServeStopsGracefully(t *testing.T) {
	loc := home(t, "hooks:\n  pre_llm_call:\n    - command: ./slow.sh\n", map[string]string{"slow.sh": "#!/bin/sh\ncat >/dev/null\ntouch \"$HOOKCTL_HOME/started\"\nsleep 1\necho '{\"context\":\"late\"}'\n"})
	sock := filepath.Join(loc.Home, "hookctl.sock")
	ln := listenSocket(t, sock)
	s := New(Options{Locations: loc})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, s, ln) }()
	var wg sync.WaitGroup
	var out string
	wg.Add(1)
	go func() {
		defer wg.Done()
		out = post2(t, unixClient(sock), `{"jsonrpc":"2.0","method":"pre_llm_call","id":1}`)
	}()
	for start := time.Now(); ; time.Sleep(20 * time.Millisecond) { // until the hook runs
		if _, err := os.Stat(filepath.Join(loc.Home, "started")); err == nil {
			break
		}
		if time.Since(start) > 60*time.Second {
			t.Fatal("the hook never started")
		}
	}
	cancel()
	wg.Wait()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, `"context":"late"`) {
		t.Errorf("the in-flight request got %q", out)
	}
	if _, err := os.Lstat(sock); !os.IsNotExist(err) {
		t.Errorf("the socket is still there: %v", err)
	}
}

// TestServeFloodAndSlowClients: connections that never send a request, or stop halfway
// through one, hold no more than their slot until the header timeout; the server keeps
// answering others meanwhile.
func TestServeFloodAndSlowClients(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for the header timeout")
	}
	loc := home(t, "hooks: {}\n", nil)
	sock, _ := serveUnix(t, loc, Options{})
	var idle []net.Conn
	defer func() {
		for _, c := range idle {
			c.Close()
		}
	}()
	for i := 0; i < maxConns+100; i++ {
		c, err := net.Dial("unix", sock)
		if err != nil {
			break // the kernel's queue is full: a flood it is
		}
		if i%2 == 0 {
			io.WriteString(c, "POST /hooks HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n") // never finished
		}
		idle = append(idle, c)
	}
	start := time.Now()
	out := post2(t, unixClient(sock), `{"jsonrpc":"2.0","method":"hookctl.ping","id":1}`)
	if !strings.Contains(out, "pong") {
		t.Errorf("during the flood: %q", out)
	}
	if d := time.Since(start); d > 3*HeaderTimeout {
		t.Errorf("answered after %v", d)
	}
	// The stalled connections were closed by the server.
	idle[0].SetReadDeadline(time.Now().Add(3 * HeaderTimeout))
	if _, err := idle[0].Read(make([]byte, 1)); err == nil {
		t.Error("a stalled connection is still open")
	}
}

// TestServeBudget: large requests take their size from a shared budget, so at most budgetMiB
// MiB of them are held at once; one that cannot get it in time is refused, and the budget is
// whole again afterwards.
func TestServeBudget(t *testing.T) {
	b := newBudget()
	var releases []func()
	for i := 0; i < budgetMiB/16; i++ {
		r, ok := b.acquire(MaxBody, time.Second)
		if !ok {
			t.Fatalf("request %d did not get its budget", i)
		}
		releases = append(releases, r)
	}
	if _, ok := b.acquire(1, 50*time.Millisecond); ok {
		t.Error("the budget was overdrawn")
	}
	for _, r := range releases {
		r()
	}
	if len(b) != 0 {
		t.Errorf("%d MiB still taken", len(b))
	}
	if r, ok := b.acquire(MaxBody, time.Second); !ok {
		t.Error("the budget did not come back")
	} else {
		r()
	}
}

// TestServeLinesNeedHTTPWithToken: a server that wants a token refuses the socket's line mode.
func TestServeLinesNeedHTTPWithToken(t *testing.T) {
	loc := home(t, "hooks: {}\n", nil)
	sock, _ := serveUnix(t, loc, Options{Token: "s3cret"})
	conn, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, `{"jsonrpc":"2.0","method":"hookctl.ping","id":1}`+"\n")
	conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	out, _ := io.ReadAll(conn)
	if !strings.Contains(string(out), "only HTTP carries") || strings.Contains(string(out), "pong") {
		t.Errorf("got %q", out)
	}
}

// TestServeMaxInflight: no more dispatches run at once than --max-inflight; the others wait
// and are answered.
func TestServeMaxInflight(t *testing.T) {
	slot := "#!/bin/sh\ncat >/dev/null\nd=\"$HOOKCTL_HOME/slots\"\nmkdir -p \"$d\"\ntouch \"$d/$$\"\nls \"$d\" | wc -l >> \"$HOOKCTL_HOME/counts\"\nsleep 0.3\nrm \"$d/$$\"\n"
	loc := home(t, "hooks:\n  on_session_start:\n    - command: ./slot.sh\n", map[string]string{"slot.sh": slot})
	sock, _ := serveUnix(t, loc, Options{MaxInflight: 2})
	var wg sync.WaitGroup
	outs := make([]string, 6)
	for i := range outs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i] = post2(t, unixClient(sock), `{"jsonrpc":"2.0","method":"on_session_start","id":1}`)
		}()
	}
	wg.Wait()
	for i, out := range outs {
		if !strings.Contains(out, `"status":"ok"`) {
			t.Errorf("request %d: %s", i, out)
		}
	}
	counts, _ := os.ReadFile(filepath.Join(loc.Home, "counts"))
	for _, c := range strings.Fields(string(counts)) {
		if c != "1" && c != "2" {
			t.Errorf("%s hooks ran at once with --max-inflight 2 (counts %q)", c, counts)
		}
	}
	if len(strings.Fields(string(counts))) != 6 {
		t.Errorf("counts %q", counts)
	}
}

// TestListenUnixSocketFile: a live server's socket is never taken over; a stale one (its server
// killed) is replaced; a file that is not a socket is left alone.
func TestListenUnixSocketFile(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "s.sock")
	live := listenSocket(t, sock)
	if _, err := (Listener{Addr: "unix:" + sock}).Listen(); err == nil || !strings.Contains(err.Error(), "another server is listening") {
		t.Errorf("a live socket: %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d files, want the socket alone", len(entries))
	}
	live.(*unixListener).UnixListener.Close() // the file stays, as after a kill -9
	again, err := Listener{Addr: "unix:" + sock}.Listen()
	if err != nil {
		t.Fatalf("a stale socket: %v", err)
	}
	again.Close()
	if _, err := os.Lstat(sock); !os.IsNotExist(err) {
		t.Errorf("the socket is still there after Close: %v", err)
	}
	plain := filepath.Join(dir, "plain")
	os.WriteFile(plain, []byte("keep"), 0o600)
	if _, err := (Listener{Addr: "unix:" + plain}).Listen(); err == nil {
		t.Error("a regular file was replaced by a socket")
	}
	if data, _ := os.ReadFile(plain); string(data) != "keep" {
		t.Errorf("the file now holds %q", data)
	}
}

// TestServeOversized: a line over 16 MiB is an invalid request and ends its connection; a
// chunked HTTP body over 16 MiB (no Content-Length) is 413; the server serves on.
func TestServeOversized(t *testing.T) {
	loc := home(t, "hooks: {}\n", nil)
	sock, _ := serveUnix(t, loc, Options{})
	conn, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(60 * time.Second))
	go func() {
		io.WriteString(conn, `{"jsonrpc":"2.0","method":"hookctl.ping","params":{"x":"`)
		conn.Write(bytes.Repeat([]byte("a"), MaxBody))
		io.WriteString(conn, "\"},\"id\":1}\n")
	}()
	out, _ := io.ReadAll(conn)
	if !strings.Contains(string(out), `"code":-32600`) || !strings.Contains(string(out), "a line over 16 MiB") {
		t.Errorf("a 16 MiB line got %.200q", out)
	}

	pr, pw := io.Pipe()
	go func() {
		io.WriteString(pw, `{"jsonrpc":"2.0","method":"hookctl.ping","params":{"x":"`)
		pw.Write(bytes.Repeat([]byte("a"), MaxBody))
		pw.CloseWithError(io.ErrUnexpectedEOF)
	}()
	req, _ := http.NewRequest(http.MethodPost, "http://hookctl/hooks", pr) // chunked: no length
	resp, err := unixClient(sock).Do(req)
	if err == nil {
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("a chunked body over 16 MiB: %d", resp.StatusCode)
		}
	}
	if out := post2(t, unixClient(sock), `{"jsonrpc":"2.0","method":"hookctl.ping","id":2}`); !strings.Contains(out, "pong") {
		t.Errorf("afterwards: %s", out)
	}
}

// TestServeUnreadableConfigReadOnce: a config file that cannot be read is reported once per
// version, not read again and reported at every request; the config read before keeps
// serving.
func TestServeUnreadableConfigReadOnce(t *testing.T) {
	wintest.NeedsShell(t)
	loc := home(t, "hooks:\n  pre_llm_call:\n    - command: ./ctx.sh\n", map[string]string{"ctx.sh": ctxHook})
	var mu sync.Mutex
	var warnings []string
	s := New(Options{Locations: loc, Warn: func(m string) { mu.Lock(); warnings = append(warnings, m); mu.Unlock() }})
	defer s.Close()
	call := []byte(`{"jsonrpc":"2.0","method":"pre_llm_call","id":1}`)
	if out := s.Handle(call); !strings.Contains(string(out), "branch main") {
		t.Fatalf("before: %s", out)
	}
	// A folder where the config was: reading it fails.
	if err := os.Remove(loc.Config); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(loc.Config, 0o700); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if out := s.Handle(call); !strings.Contains(string(out), "branch main") {
			t.Errorf("request %d with the config unreadable: %s", i, out)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(warnings) != 1 || !strings.Contains(warnings[0], "keeping the config read before") {
		t.Errorf("warnings %q, want the unreadable config reported once", warnings)
	}
}

// TestServeUnauthorizedClosed: a request without the token, or with a wrong one, gets its 401
// and its connection is closed; no second try is read from it.
func TestServeUnauthorizedClosed(t *testing.T) {
	loc := home(t, "hooks: {}\n", nil)
	ln, err := Listener{Addr: "127.0.0.1:0"}.Listen()
	if err != nil {
		t.Fatal(err)
	}
	s := New(Options{Locations: loc, Token: "s3cret"})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, s, ln) }()
	defer func() { cancel(); <-done }()
	ping := `{"jsonrpc":"2.0","method":"hookctl.ping","id":1}`
	for _, auth := range []string{"", "Authorization: Bearer wrong\r\n"} {
		conn, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(30 * time.Second))
		req := "POST /hooks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" + auth +
			"Content-Length: " + strconv.Itoa(len(ping)) + "\r\n\r\n" + ping
		// Two requests at once: the second is the next guess, on the same connection.
		io.WriteString(conn, req+req)
		r := bufio.NewReader(conn)
		resp, err := http.ReadResponse(r, nil)
		if err != nil {
			t.Fatalf("%q: %v", auth, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized || !resp.Close {
			t.Errorf("%q: status %d, close %v", auth, resp.StatusCode, resp.Close)
		}
		if rest, err := io.ReadAll(r); err != nil || len(rest) > 0 {
			t.Errorf("%q: the connection was kept: %q %v", auth, rest, err)
		}
		conn.Close()
	}
}

// TestServeUnauthenticatedFlood: connections without the token, more than every bound on
// connections, some silent and some sending their headers a byte at a time, cannot keep a
// token holder waiting: the oldest of them are closed to make room, and the token holder is
// answered well before the header timeout would have freed their slots.
func TestServeUnauthenticatedFlood(t *testing.T) {
	loc := home(t, "hooks: {}\n", nil)
	ln, err := Listener{Addr: "127.0.0.1:0"}.Listen()
	if err != nil {
		t.Fatal(err)
	}
	s := New(Options{Locations: loc, Token: "s3cret", MaxInflight: 4})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, s, ln) }()
	defer func() { cancel(); <-done }()
	addr := ln.Addr().String()
	var mu sync.Mutex
	var conns []net.Conn
	defer func() {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	}()
	stop := make(chan struct{})
	defer close(stop)
	for i := 0; i < maxConns+maxPending+100; i++ {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			break // the kernel's queue is full: a flood it is
		}
		mu.Lock()
		conns = append(conns, c)
		mu.Unlock()
		if i%2 == 0 {
			go func() { // slow headers, a byte a second, never finished
				for _, b := range []byte("POST /hooks HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n") {
					select {
					case <-stop:
						return
					case <-time.After(time.Second):
					}
					if _, err := c.Write([]byte{b}); err != nil {
						return
					}
				}
			}()
		}
	}
	start := time.Now()
	c := &http.Client{Timeout: 3 * HeaderTimeout}
	status, out := post(t, c, "http://"+addr+"/hooks", `{"jsonrpc":"2.0","method":"hookctl.ping","id":1}`, "Authorization", "Bearer s3cret")
	if status != 200 || !strings.Contains(out, "pong") {
		t.Errorf("during the flood: %d %q", status, out)
	}
	// Half the header timeout: the flood's connections did not have to time out first.
	if d := time.Since(start); d > HeaderTimeout/2 {
		t.Errorf("the token holder was answered after %v", d)
	}
}

// TestServeAnswerBounded: an answer is bounded as a request is. A 15 MiB batch of unknown
// methods is refused whole with one small -32600 (it once grew the server by hundreds of MiB);
// a batch whose answers would pass MaxAnswer gets one -32000 instead; a huge method name is
// not echoed whole.
func TestServeAnswerBounded(t *testing.T) {
	loc := home(t, "hooks:\n  pre_llm_call:\n    - command: ./big.sh\n", map[string]string{
		"big.sh": "#!/bin/sh\ncat >/dev/null\nprintf '{\"context\":\"'\nhead -c 1000000 /dev/zero | tr '\\0' x\nprintf '\"}'\n",
	})
	sock, _ := serveUnix(t, loc, Options{})
	c := unixClient(sock)
	call := `{"jsonrpc":"2.0","method":"no_such_method_at_all","id":1}`
	var b strings.Builder
	b.WriteString("[")
	for b.Len() < 15<<20 {
		if b.Len() > 1 {
			b.WriteString(",")
		}
		b.WriteString(call)
	}
	b.WriteString("]")
	status, out := post(t, c, "http://unix/hooks", b.String())
	if status != 200 || !strings.Contains(out, `"code":-32600`) || !strings.Contains(out, "a batch may hold") || strings.HasPrefix(out, "[") {
		t.Errorf("a 15 MiB batch: %d %.300s", status, out)
	}
	if len(out) > 1024 {
		t.Errorf("the answer to a 15 MiB batch is %d bytes", len(out))
	}

	var big strings.Builder
	big.WriteString("[")
	for i := range 20 { // 20 answers of 1 MB each
		if i > 0 {
			big.WriteString(",")
		}
		fmt.Fprintf(&big, `{"jsonrpc":"2.0","method":"pre_llm_call","params":{},"id":%d}`, i)
	}
	big.WriteString("]")
	status, out = post(t, c, "http://unix/hooks", big.String())
	if status != 200 || !strings.Contains(out, `"code":-32000`) || len(out) > 1024 {
		t.Errorf("a batch answered with over %d MiB: %d %.300s (%d bytes)", MaxAnswer>>20, status, out, len(out))
	}

	long := strings.Repeat("\x01", 1<<20)
	status, out = post(t, c, "http://unix/hooks", `{"jsonrpc":"2.0","method":"`+strings.ReplaceAll(long, "\x01", `\u0001`)+`","id":1}`)
	if status != 200 || !strings.Contains(out, `"code":-32601`) || len(out) > 8<<10 {
		t.Errorf("a 1 MiB method name: %d, %d bytes: %.300s", status, len(out), out)
	}
}
