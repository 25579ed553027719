//go:build unix

package doctor

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAgentVersion reads an agent's release the three ways a person's machine holds it: an npm
// package's package.json behind a link on PATH, an installer's folder named by the release, and
// the agent's own --version.
func TestAgentVersion(t *testing.T) {
	cases := []struct {
		name string
		make func(t *testing.T, root, bin string) // puts bin on root/bin
		want string
	}{
		{"npm package", func(t *testing.T, root, bin string) {
			pkg := filepath.Join(root, "lib/node_modules/@anthropic-ai/claude-code")
			write(t, filepath.Join(pkg, "package.json"), `{"name": "@anthropic-ai/claude-code", "version": "2.1.197"}`, 0o644)
			write(t, filepath.Join(pkg, "bin/claude.exe"), "#!/bin/sh\necho 9.9.9\n", 0o755)
			link(t, filepath.Join(pkg, "bin/claude.exe"), bin)
		}, "2.1.197"},
		{"installer folder", func(t *testing.T, root, bin string) {
			exe := filepath.Join(root, "share/claude/versions/2.1.332")
			write(t, exe, "#!/bin/sh\necho 9.9.9\n", 0o755)
			link(t, exe, bin)
		}, "2.1.332"},
		{"--version", func(t *testing.T, root, bin string) {
			write(t, bin, "#!/bin/sh\necho '2.1.200 (Claude Code)'\n", 0o755)
		}, "2.1.200"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			bin := filepath.Join(root, "bin", "claude")
			c.make(t, root, bin)
			t.Setenv("PATH", filepath.Dir(bin))
			got, err := AgentVersion(context.Background(), "claude", "@anthropic-ai/claude-code")
			if err != nil || got != c.want {
				t.Fatalf("got %q, %v; want %q", got, err, c.want)
			}
		})
	}
	t.Run("not on PATH", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		if v, err := AgentVersion(context.Background(), "claude", "@anthropic-ai/claude-code"); err == nil {
			t.Fatalf("got %q and no error", v)
		}
	})
}

func write(t *testing.T, path, text string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
}

func link(t *testing.T, target, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
}

// TestFailSwitchFinding: below the first release with the switch, doctor says a killed hookctl
// lets the call through and names the upgrade; at or above it, and with no release read,
// nothing.
func TestFailSwitchFinding(t *testing.T) {
	for _, c := range []struct {
		version string
		warns   bool
	}{{"2.1.197", true}, {"2.1.331", true}, {"1.9.999", true}, {"2.1.332", false}, {"2.2.0", false}, {"10.0.0", false}, {"", false}, {"garbled", true}} {
		t.Run(c.version, func(t *testing.T) {
			f := FailSwitchFinding("Claude Code", c.version, "2.1.332", "onFailure")
			if (f != nil) != c.warns {
				t.Fatalf("finding %+v, want a warning: %v", f, c.warns)
			}
			if f != nil && (!strings.Contains(f.Message, "a killed or timed-out hookctl lets the call through") || !strings.Contains(f.Fix, "2.1.332")) {
				t.Errorf("the warning does not say it: %+v", f)
			}
		})
	}
}
