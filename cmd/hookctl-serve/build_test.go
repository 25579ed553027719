package main

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/buildinfo"
	"github.com/hookctl/hookctl/runner"
)

// TestOtherBuildRefused: given the stamp of another build, hookctl-serve, run as the real
// process hookctl starts, sends no request and listens on nothing; given its own, it posts.
func TestOtherBuildRefused(t *testing.T) {
	var hits atomic.Int32
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		io.Copy(io.Discard, r.Body)
		io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":null}`)
	}))
	defer s.Close()
	req := runner.EncodePost(config.Hook{URL: s.URL}, 5*time.Second, []byte(`{"jsonrpc":"2.0","method":"pre_tool_call","params":{},"id":1}`))
	own := buildinfo.Read(version).Stamp()
	run := func(args ...string) (int, string, string) {
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), "HOOKCTL_SERVE_TEST_MAIN=1", "HOOKCTL_HOME="+t.TempDir())
		cmd.Stdin = bytes.NewReader(req)
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
		return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
	}

	code, _, stderr := run(buildinfo.BuildFlag, "v9.9.9 (no commit stamped) go1 linux/amd64", "post")
	want := "hookctl-serve at " + os.Args[0] + " is of another build (hookctl: v9.9.9 (no commit stamped) go1 linux/amd64, hookctl-serve: " + own + "); reinstall both from one release\n"
	if code != ExitOtherBuild || stderr != want || hits.Load() != 0 {
		t.Errorf("post with another stamp: exit %d, %d requests sent, stderr %q, want %q", code, hits.Load(), stderr, want)
	}

	sock := filepath.Join(t.TempDir(), "s.sock")
	code, _, stderr = run(buildinfo.BuildFlag, "v9.9.9", "serve", "--listen", "unix:"+sock)
	if _, err := os.Stat(sock); code != ExitOtherBuild || !strings.HasPrefix(stderr, "hookctl: hookctl-serve at ") || err == nil {
		t.Errorf("serve with another stamp: exit %d, stderr %q, socket there: %v", code, stderr, err == nil)
	}

	code, stdout, stderr := run(buildinfo.BuildFlag, own, "post")
	if code != 0 || !strings.Contains(stdout, `"result":null`) || hits.Load() != 1 {
		t.Errorf("post with its own stamp: exit %d, %d requests sent, stdout %q, stderr %q", code, hits.Load(), stdout, stderr)
	}
}
