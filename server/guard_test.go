package server

import (
	"os"
	"strings"
	"testing"
)

// TestServeGuardSurvivesBrokenConfig: serve holds its dispatches to the recorded guards as run
// does (runner.GuardsFor). A guard whose entry is broken by a YAML mistake still blocks what it
// covered; an --accept-hooks server accepts neither a config it cannot parse nor a removal
// (SPEC 23.1), nor a config it cannot read at all, as `run --accept-hooks` does not.
func TestServeGuardSurvivesBrokenConfig(t *testing.T) {
	guard := "#!/bin/sh\ncat >/dev/null\necho '{}'\n"
	loc := home(t, "hooks:\n  pre_tool_call:\n    - matcher: terminal\n      command: ./guard.sh\n      fail_closed: true\n",
		map[string]string{"guard.sh": guard})
	call := `{"jsonrpc":"2.0","method":"pre_tool_call","params":{"tool":"terminal"},"id":1}`
	other := `{"jsonrpc":"2.0","method":"pre_tool_call","params":{"tool":"read_file"},"id":2}`

	sock, _ := serveUnix(t, loc, Options{})
	c := unixClient(sock)
	if out := post2(t, c, call); !strings.Contains(out, `"decision":"allow"`) {
		t.Fatalf("with the guard in place: %s", out)
	}
	broken := "hooks:\n  pre_tool_call:\n    - matcher: terminal\n     command: ./guard.sh\n      fail_closed: true\n"
	if err := os.WriteFile(loc.Config, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := post2(t, c, call); !strings.Contains(out, `"decision":"block"`) || !strings.Contains(out, "blocked by guard ./guard.sh") {
		t.Errorf("the guarded call with a broken config: %s", out)
	}
	if out := post2(t, c, other); !strings.Contains(out, `"decision":"allow"`) {
		t.Errorf("a call the guard did not cover: %s", out)
	}

	accepting := loc
	accepting.Home = t.TempDir() // a socket of its own
	sock, _ = serveUnix(t, accepting, Options{Bypass: true})
	c = unixClient(sock)
	if out := post2(t, c, call); !strings.Contains(out, `"decision":"block"`) {
		t.Errorf("--accept-hooks with a config that cannot be parsed: %s", out)
	}
	if err := os.WriteFile(loc.Config, []byte("hooks: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := post2(t, c, call); !strings.Contains(out, `"decision":"block"`) {
		t.Errorf("--accept-hooks accepted the guard's removal: %s", out)
	}

	// config.yaml a folder from the start: nothing was ever read.
	unread := loc
	unread.Home = t.TempDir()
	if err := os.Remove(loc.Config); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(loc.Config, 0o755); err != nil {
		t.Fatal(err)
	}
	sock, _ = serveUnix(t, unread, Options{Bypass: true})
	c = unixClient(sock)
	if out := post2(t, c, call); !strings.Contains(out, `"decision":"block"`) || !strings.Contains(out, "blocked by guard ./guard.sh") {
		t.Errorf("--accept-hooks with a config that cannot be read: %s", out)
	}
}
