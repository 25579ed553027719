package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// serveBinDir is the folder serveBin built into, "" until it did: TestMain removes it.
var serveBinDir string

// serveBin builds hookctl-serve once for the script tests, which find it on PATH as hookctl
// does (`hookctl serve` execs it, url hooks run it).
var serveBin = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "hookctl-serve-bin")
	if err != nil {
		return "", err
	}
	serveBinDir = dir
	out, err := exec.Command("go", "build", "-buildvcs=false", "-o", dir, "../hookctl-serve").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("building hookctl-serve: %v\n%s", err, out)
	}
	return dir, nil
})

// otherServeBin builds, once and only for the scripts that ask, a hookctl-serve of another
// build than the tests' hookctl: another version set at link time, as another release has.
var otherServeBin = sync.OnceValues(func() (string, error) {
	dir, err := serveBin()
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "other", "hookctl-serve")
	out, err := exec.Command("go", "build", "-buildvcs=false", "-ldflags=-X main.version=v0.0.1-other", "-o", path, "../hookctl-serve").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("building hookctl-serve: %v\n%s", err, out)
	}
	return path, nil
})

// cmdOtherServe puts the path of a hookctl-serve of another build in $VAR:
//
//	otherserve VAR
func cmdOtherServe(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: otherserve VAR")
	}
	path, err := otherServeBin()
	ts.Check(err)
	ts.Setenv(args[0], path)
}

// serveCmds are the script commands that talk to a server or play one.
var serveCmds = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"hookserver": cmdHookServer,
	"otherserve": cmdOtherServe,
	"rpc":        cmdRPC,
	"rpclines":   cmdRPCLines,
	"waitfile":   cmdWaitFile,
}

// cmdWaitFile waits, boundedly, for a file (a socket) to appear:
//
//	waitfile PATH
func cmdWaitFile(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: waitfile PATH")
	}
	for start := time.Now(); time.Since(start) < 60*time.Second; time.Sleep(20 * time.Millisecond) {
		if _, err := os.Stat(ts.MkAbs(args[0])); err == nil {
			return
		}
	}
	ts.Fatalf("%s did not appear within 60 s", args[0])
}

func unixHTTP(sock string) *http.Client {
	return &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, "unix", sock)
		}}}
}

// cmdRPC posts a body to a server's /hooks over its unix socket and prints "status N" and the
// answer on stdout:
//
//	rpc SOCKET [-method M] BODY
func cmdRPC(ts *testscript.TestScript, neg bool, args []string) {
	method := http.MethodPost
	if len(args) == 4 && args[1] == "-method" {
		method, args = args[2], []string{args[0], args[3]}
	}
	if len(args) != 2 {
		ts.Fatalf("usage: rpc SOCKET [-method M] BODY")
	}
	req, _ := http.NewRequest(method, "http://hookctl/hooks", strings.NewReader(args[1]))
	resp, err := unixHTTP(ts.MkAbs(args[0])).Do(req)
	ts.Check(err)
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	ts.Check(err)
	fmt.Fprintf(ts.Stdout(), "status %d\n%s", resp.StatusCode, out)
}

// cmdRPCLines sends lines on a connection to a unix socket, closes its writing side and prints
// the answers:
//
//	rpclines SOCKET LINE...
func cmdRPCLines(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 2 {
		ts.Fatalf("usage: rpclines SOCKET LINE...")
	}
	c, err := net.Dial("unix", ts.MkAbs(args[0]))
	ts.Check(err)
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(60 * time.Second))
	_, err = io.WriteString(c, strings.Join(args[1:], "\n")+"\n")
	ts.Check(err)
	ts.Check(c.(*net.UnixConn).CloseWrite())
	r := bufio.NewReader(c)
	for {
		line, err := r.ReadString('\n')
		fmt.Fprint(ts.Stdout(), line)
		if err != nil {
			return
		}
	}
}

// cmdHookServer starts a url hook's server for the rest of the script: it answers every POST
// with STATUS and BODY, and $VAR holds its URL:
//
//	hookserver VAR STATUS BODY
func cmdHookServer(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 3 {
		ts.Fatalf("usage: hookserver VAR STATUS BODY")
	}
	status, err := strconv.Atoi(args[1])
	ts.Check(err)
	body := args[2]
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}))
	ts.Defer(s.Close)
	ts.Setenv(args[0], s.URL)
}

// addServeBin puts hookctl-serve on the script's PATH.
func addServeBin(env *testscript.Env) error {
	dir, err := serveBin()
	if err != nil {
		return err
	}
	// hookctl takes it from HOOKCTL_SERVE (the test binary has no hookctl-serve beside it),
	// never from PATH; PATH has it for the scripts that run it themselves. A test binary and
	// a go build without VCS stamps are of one build for the helper's check: one Go, version
	// (devel), no commit.
	env.Setenv("HOOKCTL_SERVE", filepath.Join(dir, "hookctl-serve"))
	env.Setenv("PATH", dir+string(os.PathListSeparator)+env.Getenv("PATH"))
	return nil
}

func withServeCmds(cmds map[string]func(ts *testscript.TestScript, neg bool, args []string)) map[string]func(ts *testscript.TestScript, neg bool, args []string) {
	for name, f := range serveCmds {
		cmds[name] = f
	}
	return cmds
}
