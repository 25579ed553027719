package runner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A bare name is never found in the current folder, nor through a relative folder on PATH
// (SPEC 23.9): a program planted in the project cannot stand in for one on PATH.
func TestLookPathNeverCurrentFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "planted.cmd"), []byte("@echo planted\r\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, path := range []string{"", ".", `.\`, "sub;."} {
		t.Setenv("PATH", path)
		if p, err := lookPath("planted"); err == nil {
			t.Errorf("PATH %q: found %s in the current folder", path, p)
		}
	}
	t.Setenv("PATH", dir)
	if p, err := lookPath("planted"); err != nil || !strings.EqualFold(p, filepath.Join(dir, "planted.cmd")) {
		t.Errorf("PATH of the absolute folder: %q, %v", p, err)
	}
}

// Each script runs through its extension's interpreter, the script given by its absolute
// path; an interpreter that is missing is named in the error, never skipped.
func TestResolveInterpreters(t *testing.T) {
	dir := t.TempDir()
	cmd := systemProgram("cmd.exe")
	tests := []struct {
		word     string
		want     []string // nil: an error is wanted, naming wantErr
		wantErr  string
		needs    func() (string, error) // the interpreter: when missing, an error is wanted
		needsErr string
	}{
		{word: `hooks\guard.cmd`, want: []string{cmd, "/d", "/s", "/c", `"` + filepath.Join(dir, `hooks\guard.cmd`) + `" "a b"`}},
		{word: "./Guard.BAT", want: []string{cmd, "/d", "/s", "/c", `"` + filepath.Join(dir, "Guard.BAT") + `" "a b"`}},
		{word: "./guard.ps1", needs: powershell, needsErr: "pwsh or powershell.exe",
			want: []string{"", "-NoProfile", "-ExecutionPolicy", "Bypass", "-File", filepath.Join(dir, "guard.ps1"), "a b"}},
		{word: `.\guard.sh`, needs: gitBash, needsErr: "Git for Windows' bash.exe",
			want: []string{"", filepath.ToSlash(filepath.Join(dir, "guard.sh")), "a b"}},
		{word: filepath.Join(dir, "tool.exe"), want: []string{filepath.Join(dir, "tool.exe"), "a b"}},
	}
	for _, tt := range tests {
		t.Run(tt.word, func(t *testing.T) {
			path, argv, err := resolve([]string{tt.word, "a b"}, dir)
			if tt.needs != nil {
				interp, ierr := tt.needs()
				if ierr != nil {
					if err == nil || !strings.Contains(err.Error(), tt.needsErr) || !strings.Contains(err.Error(), tt.word) {
						t.Fatalf("no %s: error %v, want one naming it and %s", tt.needsErr, err, tt.word)
					}
					return
				}
				tt.want[0] = interp
			}
			if err != nil || path != tt.want[0] || strings.Join(argv, "|") != strings.Join(tt.want, "|") {
				t.Fatalf("resolve = %q %q %v\nwant %q", path, argv, err, tt.want)
			}
		})
	}
}

// A batch file in a folder whose name has spaces and non-ASCII letters gets its arguments as
// written, cmd's operators in them plain text (no second command runs); an argument that cmd
// would change (a % it expands, a quote it doubles) is refused, never passed changed.
func TestExecBatchArguments(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my hooks ü")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "show args.cmd")
	if err := os.WriteFile(script, []byte("@echo off\r\necho [%1] [%2] [%3]\r\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	args := []string{"two words", "a&echo injected|more", "caret ^<x>"}
	o := Exec(context.Background(), Command{Argv: append([]string{script}, args...), Dir: dir, Timeout: 20 * time.Second})
	if o.StartErr != nil || o.ExitCode != 0 {
		t.Fatalf("exit %d, StartErr %v, stderr %q", o.ExitCode, o.StartErr, o.Stderr)
	}
	got := strings.ReplaceAll(string(o.Stdout), "\r\n", "\n")
	want := `["two words"] ["a&echo injected|more"] ["caret ^<x>"]` + "\n"
	if got != want {
		t.Fatalf("the batch file printed\n%s\nwant\n%s", got, want)
	}
	for _, arg := range []string{"100%", "%PATH%", `say "hi"`, "two\nlines"} {
		o := Exec(context.Background(), Command{Argv: []string{script, arg}, Dir: dir, Timeout: 20 * time.Second})
		if o.Started || o.StartErr == nil || !strings.Contains(o.StartErr.Error(), "cannot pass") {
			t.Errorf("argument %q: Started %v, StartErr %v; want it refused", arg, o.Started, o.StartErr)
		}
	}
}

// A .sh hook with no Git for Windows fails to start with an error naming bash.exe, so a guard
// (fail_closed) blocks instead of being skipped.
func TestExecShellScriptNeedsGitBash(t *testing.T) {
	if _, err := gitBash(); err == nil {
		t.Skip("Git for Windows' bash.exe is installed here")
	}
	script := filepath.Join(t.TempDir(), "guard.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho '{}'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	o := Exec(context.Background(), Command{Argv: []string{script}, Timeout: 5 * time.Second})
	if o.Started || o.StartErr == nil || !strings.Contains(o.StartErr.Error(), "bash.exe") {
		t.Fatalf("Started %v, StartErr %v; want an error naming bash.exe", o.Started, o.StartErr)
	}
}
