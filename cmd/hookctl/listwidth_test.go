package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/creack/pty"
)

// TestListFitsTerminal lists a long command at a real 80-column terminal (no COLUMNS): every
// line of the tables fits, and the command is shortened with an ellipsis.
func TestListFitsTerminal(t *testing.T) {
	home := t.TempDir()
	config := "hooks:\n  pre_tool_call:\n    - matcher: terminal\n      command: python3 ./a-rather-long-script-name.py --first-option value --second very-long-argument-number-three\n"
	if err := os.WriteFile(filepath.Join(home, "config.yaml"), []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	defer ptmx.Close()
	if err := pty.Setsize(ptmx, &pty.Winsize{Rows: 24, Cols: 80}); err != nil {
		t.Fatal(err)
	}
	out := make(chan []byte)
	go func() {
		data, _ := io.ReadAll(ptmx)
		out <- data
	}()
	env := map[string]string{"HOOKCTL_HOME": home, "HOME": home, "PATH": os.Getenv("PATH")}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	code := newApp(bytes.NewReader(nil), tty, tty, lookup).execute([]string{"hooks", "list"})
	tty.Close()
	shown := string(regexp.MustCompile(`\x1b\[[0-9;]*m`).ReplaceAll(<-out, nil))
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, shown)
	}
	if !strings.Contains(shown, "…") || strings.Contains(shown, "number-three") {
		t.Errorf("the long command is not shortened:\n%s", shown)
	}
	for _, line := range strings.Split(strings.ReplaceAll(shown, "\r", ""), "\n") {
		if strings.HasPrefix(line, "  ") && utf8.RuneCountInString(line) > 80 {
			t.Errorf("a line of %d characters on an 80-column terminal: %q", utf8.RuneCountInString(line), line)
		}
	}
}
