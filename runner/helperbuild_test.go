package runner

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/internal/buildinfo"
)

func TestHelperArgv(t *testing.T) {
	got := HelperArgv("/opt/hookctl-serve", "v9.9.9", "post")
	if len(got) != 4 || got[0] != "/opt/hookctl-serve" || got[1] != buildinfo.BuildFlag || got[3] != "post" {
		t.Fatalf("HelperArgv = %q; want the path, %s, the stamp and the command", got, buildinfo.BuildFlag)
	}
	if !strings.Contains(got[2], "v9.9.9") {
		t.Fatalf("the stamp %q does not carry the version", got[2])
	}
}

func TestOtherBuild(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want string // "" for the error kept as it is
	}{
		{name: "no error", err: nil},
		{name: "another error is kept", err: errors.New("connection refused")},
		{name: "a helper older than the check", err: errors.New("unknown flag: " + buildinfo.BuildFlag),
			want: HelperName + " at /x/hookctl-serve is of another build"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := OtherBuild("/x/hookctl-serve", "v1.0.0", tc.err)
			if tc.want == "" {
				if got != tc.err {
					t.Fatalf("OtherBuild = %v, want %v kept", got, tc.err)
				}
				return
			}
			if got == nil || !strings.HasPrefix(got.Error(), tc.want) || !strings.Contains(got.Error(), "reinstall both from one release") {
				t.Fatalf("OtherBuild = %v, want %q... with the fix", got, tc.want)
			}
		})
	}
}

func TestRemoteOf(t *testing.T) {
	none := func(string) (string, bool) { return "", false }
	local := config.Hook{Event: "pre_tool_call", Command: "./guard.sh"}
	url := config.Hook{Event: "pre_tool_call", URL: "https://hooks.example/x"}
	for _, tc := range []struct {
		name  string
		hooks []config.Hook
		want  bool
	}{
		{name: "no hooks", want: false},
		{name: "command hooks only", hooks: []config.Hook{local}, want: false},
		{name: "a url hook", hooks: []config.Hook{local, url}, want: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := RemoteOf(&config.Config{Hooks: tc.hooks}, none, "v1") != nil; got != tc.want {
				t.Fatalf("RemoteOf gives a client: %v, want %v", got, tc.want)
			}
		})
	}
}

// TestRemoteOfMissingHelper: the helper is looked for at the first post, and its absence is
// that post's error, not a crash.
func TestRemoteOfMissingHelper(t *testing.T) {
	gone := filepath.Join(t.TempDir(), "gone")
	env := func(k string) (string, bool) { return gone, k == HelperEnv }
	r := RemoteOf(&config.Config{Hooks: []config.Hook{{URL: "https://hooks.example/x"}}}, env, "v1")
	reply := r.Post(context.Background(), config.Hook{URL: "https://hooks.example/x"}, []byte("{}"))
	if reply.Err == nil || !strings.Contains(reply.Err.Error(), "is not at "+gone) {
		t.Fatalf("Post = %+v; want the helper's absence as its error", reply)
	}
}

func TestServeArgv(t *testing.T) {
	for _, tc := range []struct {
		name      string
		config    string
		accept    bool
		args      []string
		wantAfter string // the words after the command, joined by spaces
	}{
		{name: "no flags", wantAfter: ""},
		{name: "the global flags first", config: "/c.yaml", accept: true, args: []string{"--listen", "127.0.0.1:1"}, wantAfter: "--config /c.yaml --accept-hooks --listen 127.0.0.1:1"},
		{name: "the command's arguments kept", args: []string{"--max-inflight", "4"}, wantAfter: "--max-inflight 4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := ServeArgv("/x/hookctl-serve", "v1", tc.config, tc.accept, tc.args)
			if len(got) < 4 || got[3] != "serve" || strings.Join(got[4:], " ") != tc.wantAfter {
				t.Fatalf("ServeArgv = %q, want serve then %q", got, tc.wantAfter)
			}
		})
	}
}
