package server

import (
	"bufio"
	"bytes"
	"container/list"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"
)

// Timeouts of the connections Run serves: a slow or silent client holds a connection, never the
// server.
const (
	// HeaderTimeout bounds the wait for a request's first line and headers.
	HeaderTimeout = 10 * time.Second
	// BodyTimeout bounds the whole read of a request (a body of up to MaxBody).
	BodyTimeout = 60 * time.Second
	// IdleTimeout closes a connection that has sent no new request for this long.
	IdleTimeout = 60 * time.Second
	// WriteTimeout bounds the write of one answer to a client that does not read it.
	WriteTimeout = 30 * time.Second
	// StopTimeout bounds the wait for in-flight dispatches at a stop; then their hooks are
	// interrupted. Above the longest hook timeout, so a dispatch can finish.
	StopTimeout = 330 * time.Second
	// maxConns bounds the open authenticated connections; more wait for one to close.
	maxConns = 512
	// maxPending bounds the connections that have not authenticated yet: a new one closes the
	// oldest of them.
	maxPending = 128
)

// Listener is where Run serves.
type Listener struct {
	// Addr is "unix:PATH" or "HOST:PORT".
	Addr string
	// Any allows a TCP address that is not a loopback one.
	Any bool
}

// Listen opens the listener: a unix socket of mode 0600 (a stale socket file is replaced, a
// live one is an error), or a TCP address, loopback only unless Any.
func (l Listener) Listen() (net.Listener, error) {
	if path, ok := strings.CutPrefix(l.Addr, "unix:"); ok {
		return listenUnix(path)
	}
	host, _, err := net.SplitHostPort(l.Addr)
	if err != nil {
		return nil, fmt.Errorf("listen address %q: want unix:PATH or HOST:PORT", l.Addr)
	}
	if !l.Any && !loopback(host) {
		return nil, fmt.Errorf("listen address %q is not a loopback address: pass --listen-any to accept other hosts", l.Addr)
	}
	return net.Listen("tcp", l.Addr)
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func listenUnix(path string) (net.Listener, error) {
	if fi, err := os.Lstat(path); err == nil {
		if fi.Mode()&os.ModeSocket == 0 {
			return nil, fmt.Errorf("socket %s: a file that is not a socket is in the way", path)
		}
		if c, err := net.DialTimeout("unix", path, time.Second); err == nil {
			c.Close()
			return nil, fmt.Errorf("socket %s: another server is listening on it", path)
		}
		if err := os.Remove(path); err != nil {
			return nil, fmt.Errorf("removing the stale socket %s: %w", path, err)
		}
	}
	// Created with no access for others from the start, not chmod-ed after a window. The socket
	// is bound and listening under a temporary name, then renamed into place: a client that
	// waits for the file to appear never connects between bind and listen (refused).
	tmp := fmt.Sprintf("%s.%d", path, os.Getpid())
	_ = os.Remove(tmp) // a socket left by a killed server of the same pid
	ln, err := listenPrivate(tmp)
	if err != nil {
		return nil, err
	}
	ul := ln.(*net.UnixListener)
	ul.SetUnlinkOnClose(false)
	if err := os.Rename(tmp, path); err != nil {
		ul.Close()
		os.Remove(tmp)
		return nil, fmt.Errorf("socket %s: %w", path, err)
	}
	fi, err := os.Lstat(path)
	if err != nil {
		ul.Close()
		return nil, fmt.Errorf("socket %s: %w", path, err)
	}
	return &unixListener{UnixListener: ul, path: path, file: fi}, nil
}

// unixListener removes its socket file when it closes, as net's own does for the path it
// bound (which here is the temporary name), but only while the path is still that socket
// (same device and inode): a file or socket another process put there since is left alone.
type unixListener struct {
	*net.UnixListener
	path string
	file os.FileInfo
	once sync.Once
}

func (l *unixListener) Close() error {
	l.once.Do(func() {
		if fi, err := os.Lstat(l.path); err == nil && os.SameFile(fi, l.file) {
			os.Remove(l.path)
		}
	})
	return l.UnixListener.Close()
}

// Run serves s on ln until ctx is done, then stops gracefully: no new connection is accepted,
// in-flight dispatches finish (their hooks within their timeouts, at most StopTimeout), and
// the socket file is removed. On a unix socket a connection whose first byte is '{' or '['
// speaks newline-delimited JSON-RPC; any other speaks HTTP, with the server at POST /hooks.
func Run(ctx context.Context, s *Server, ln net.Listener) error {
	mux := http.NewServeMux()
	mux.Handle("/hooks", s)
	hs := &http.Server{
		Handler: authenticated(s, mux),
		ConnContext: func(ctx context.Context, c net.Conn) context.Context {
			return context.WithValue(ctx, connKey{}, slotOf(c))
		},
		ReadHeaderTimeout: HeaderTimeout,
		ReadTimeout:       BodyTimeout,
		IdleTimeout:       IdleTimeout,
		MaxHeaderBytes:    64 << 10,
	}
	lines := &lineServer{s: s, conns: map[net.Conn]bool{}}
	// The bound covers a unix socket's connections, line and HTTP alike.
	var httpLn net.Listener = newLimitListener(ln)
	if ln.Addr().Network() == "unix" {
		httpLn = newSniffer(httpLn, lines)
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(httpLn) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	stopCtx, cancel := context.WithTimeout(context.Background(), StopTimeout)
	defer cancel()
	_ = ln.Close()
	lines.shutdown()
	err := hs.Shutdown(stopCtx)
	lines.wait(stopCtx)
	done := make(chan struct{})
	go func() { s.Wait(); close(done) }()
	select {
	case <-done:
	case <-stopCtx.Done():
	}
	s.Close() // ends the hooks of whatever is left
	if errors.Is(err, context.DeadlineExceeded) {
		_ = hs.Close()
	}
	return nil
}

// limitListener bounds the open connections in two parts. A connection is pending until its
// first request has passed the token check (on a server without a token: until it has sent a
// request's headers or a line's first byte): at most maxPending are, and a new one closes the
// oldest pending one instead of waiting, so silent or slow connections that never
// authenticate cannot keep a token holder's connection in the kernel's queue. An
// authenticated connection takes one of maxConns slots (waiting for one if need be).
type limitListener struct {
	net.Listener
	slots chan struct{}

	mu         sync.Mutex
	pending    list.List // of *slotConn, oldest first
	maxPending int
}

func newLimitListener(ln net.Listener) *limitListener {
	return &limitListener{Listener: ln, slots: make(chan struct{}, maxConns), maxPending: maxPending}
}

func (l *limitListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	sc := &slotConn{Conn: c, l: l}
	l.mu.Lock()
	var evict *slotConn
	if l.pending.Len() >= l.maxPending {
		evict = l.pending.Remove(l.pending.Front()).(*slotConn)
		evict.elem = nil
	}
	sc.elem = l.pending.PushBack(sc)
	l.mu.Unlock()
	if evict != nil {
		evict.Close()
	}
	return sc, nil
}

type slotConn struct {
	net.Conn
	l      *limitListener
	elem   *list.Element // in l.pending while pending; guarded by l.mu
	authed bool          // holds a slot; guarded by l.mu
	closed bool          // guarded by l.mu
}

// authenticate moves a pending connection to the authenticated ones, waiting for a slot until
// ctx is done. False when the connection is closed (evicted) or no slot freed up.
func (c *slotConn) authenticate(ctx context.Context) bool {
	c.l.mu.Lock()
	if c.authed {
		c.l.mu.Unlock()
		return true
	}
	if c.closed {
		c.l.mu.Unlock()
		return false
	}
	if c.elem != nil {
		c.l.pending.Remove(c.elem)
		c.elem = nil
	}
	c.l.mu.Unlock()
	select {
	case c.l.slots <- struct{}{}:
	case <-ctx.Done():
		c.Conn.Close()
		return false
	}
	c.l.mu.Lock()
	defer c.l.mu.Unlock()
	if c.closed {
		<-c.l.slots
		return false
	}
	c.authed = true
	return true
}

func (c *slotConn) Close() error {
	err := c.Conn.Close()
	c.l.mu.Lock()
	defer c.l.mu.Unlock()
	if c.closed {
		return err
	}
	c.closed = true
	if c.elem != nil {
		c.l.pending.Remove(c.elem)
		c.elem = nil
	}
	if c.authed {
		c.authed = false
		<-c.l.slots
	}
	return err
}

// slotOf finds the slotConn under the connections the sniffer wraps; nil if there is none.
func slotOf(c net.Conn) *slotConn {
	for {
		switch v := c.(type) {
		case *slotConn:
			return v
		case *peekedConn:
			c = v.Conn
		default:
			return nil
		}
	}
}

type connKey struct{}

// authenticated is the handler of Run: a request that passes the token check marks its
// connection as authenticated before it is served.
func authenticated(s *Server, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if sc, _ := r.Context().Value(connKey{}).(*slotConn); sc != nil && (s.opts.Token == "" || s.authorized(r.Header.Get("Authorization"))) {
			ctx, cancel := context.WithTimeout(r.Context(), BodyTimeout)
			ok := sc.authenticate(ctx)
			cancel()
			if !ok {
				w.Header().Set("Connection", "close")
				http.Error(w, "too many connections; try again", http.StatusServiceUnavailable)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// sniffer accepts connections on a unix socket and reads each one's first byte, without
// holding up the accept loop: line connections go to the line server, the others to HTTP.
type sniffer struct {
	net.Listener
	lines *lineServer
	http  chan net.Conn
	done  chan struct{}
	err   error
}

func newSniffer(ln net.Listener, lines *lineServer) *sniffer {
	s := &sniffer{Listener: ln, lines: lines, http: make(chan net.Conn), done: make(chan struct{})}
	go s.loop()
	return s
}

func (s *sniffer) loop() {
	for {
		c, err := s.Listener.Accept()
		if err != nil {
			s.err = err
			close(s.done)
			return
		}
		go s.route(c)
	}
}

func (s *sniffer) route(c net.Conn) {
	_ = c.SetReadDeadline(time.Now().Add(HeaderTimeout))
	r := bufio.NewReaderSize(c, 4096)
	first, err := r.Peek(1)
	if err != nil {
		c.Close()
		return
	}
	_ = c.SetReadDeadline(time.Time{})
	pc := &peekedConn{Conn: c, r: r}
	if first[0] == '{' || first[0] == '[' {
		if s.lines.s.opts.Token != "" {
			// Lines carry no token: a server that wants one speaks HTTP only.
			s.lines.write(pc, encode([]response{errorResponse(nil, CodeInvalidRequest, "invalid request: this server wants a bearer token, which only HTTP carries")}, false))
			c.Close()
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), IdleTimeout)
		ok := true
		if sc := slotOf(c); sc != nil {
			ok = sc.authenticate(ctx)
		}
		cancel()
		if !ok {
			c.Close()
			return
		}
		s.lines.serve(pc)
		return
	}
	select {
	case s.http <- pc:
	case <-s.done:
		c.Close()
	}
}

func (s *sniffer) Accept() (net.Conn, error) {
	select {
	case c := <-s.http:
		return c, nil
	case <-s.done:
		return nil, s.err
	}
}

type peekedConn struct {
	net.Conn
	r *bufio.Reader
}

func (c *peekedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// lineServer speaks newline-delimited JSON-RPC: one request or batch per line, each answered
// by one line, in order.
type lineServer struct {
	s       *Server
	mu      sync.Mutex
	conns   map[net.Conn]bool // true while the connection waits for a request
	stopped bool
	wg      sync.WaitGroup
}

func (ls *lineServer) serve(c *peekedConn) {
	ls.mu.Lock()
	if ls.stopped {
		ls.mu.Unlock()
		c.Close()
		return
	}
	ls.wg.Add(1)
	ls.conns[c] = true
	ls.mu.Unlock()
	defer func() {
		ls.mu.Lock()
		delete(ls.conns, c)
		ls.mu.Unlock()
		c.Close()
		ls.wg.Done()
	}()
	for {
		_ = c.SetReadDeadline(time.Now().Add(IdleTimeout))
		line, release, err := ls.readLine(c.r)
		if errors.Is(err, errBusy) {
			ls.write(c, encode([]response{errorResponse(nil, CodeInternalError, "internal error: too many large requests at once; try again")}, false))
			return
		}
		if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, errLineTooLong) {
			return // silent past the idle timeout, or gone: a part of a line is never run
		}
		if errors.Is(err, errLineTooLong) {
			ls.write(c, encode([]response{errorResponse(nil, CodeInvalidRequest, fmt.Sprintf("invalid request: a line over %d MiB", MaxBody>>20))}, false))
			return
		}
		if len(bytes.TrimSpace(line)) == 0 {
			release()
			if err != nil {
				return
			}
			continue
		}
		if !ls.busy(c, true) {
			release()
			return
		}
		out := ls.s.Handle(line)
		release()
		if out != nil && !ls.write(c, out) {
			return
		}
		if !ls.busy(c, false) || err != nil {
			return
		}
	}
}

// busy marks the connection as running a request (or waiting again); false once the server
// is stopping and the connection should end.
func (ls *lineServer) busy(c net.Conn, running bool) bool {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	ls.conns[c] = !running
	return !ls.stopped || running
}

func (ls *lineServer) write(c net.Conn, out []byte) bool {
	_ = c.SetWriteDeadline(time.Now().Add(WriteTimeout))
	_, err := c.Write(out)
	return err == nil
}

// shutdown ends the connections waiting for a request; the busy ones end after their answer.
func (ls *lineServer) shutdown() {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	ls.stopped = true
	for c, idle := range ls.conns {
		if idle {
			_ = c.SetReadDeadline(time.Now())
		}
	}
}

func (ls *lineServer) wait(ctx context.Context) {
	done := make(chan struct{})
	go func() { ls.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
}

var (
	errLineTooLong = errors.New("line too long")
	errBusy        = errors.New("the budget for large requests is spent")
)

// readLine reads up to and without the next newline, at most MaxBody bytes. A line that grows
// past smallBody takes MaxBody of the server's budget first; release gives it back.
func (ls *lineServer) readLine(r *bufio.Reader) (line []byte, release func(), err error) {
	release = func() {}
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > MaxBody+1 {
			release()
			return nil, func() {}, errLineTooLong
		}
		if len(line) <= smallBody && len(line)+len(chunk) > smallBody {
			var ok bool
			if release, ok = ls.s.bodies.acquire(MaxBody, IdleTimeout); !ok {
				return nil, func() {}, errBusy
			}
		}
		line = append(line, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && !errors.Is(err, io.EOF) {
			release()
			return line, func() {}, err
		}
		return bytes.TrimSuffix(line, []byte("\n")), release, err
	}
}
