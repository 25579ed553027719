package server

import (
	"os"
	"strings"
	"testing"
)

// TestServeGuardSurvivesBrokenConfig: serve holds its dispatches to the recorded guards as run
// does. A guard whose entry is broken by a YAML mistake still blocks what it covered; an
// --accept-hooks server accepts a removal, not a config it cannot parse.
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
	if out := post2(t, c, call); !strings.Contains(out, `"decision":"allow"`) {
		t.Errorf("--accept-hooks accepts the removal: %s", out)
	}
}
