//go:build unix

package stress

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHostileAllowlist puts an allowlist that cannot be trusted in place of a good one that
// approves the hook. Whatever it is, the hook does not run, `run` exits 0 with its JSON,
// `hooks approve` and `hooks revoke` fail with exit 1 naming the file, and the file is left
// exactly as it was.
func TestHostileAllowlist(t *testing.T) {
	t.Parallel()
	const bound = 30 * time.Second
	// The good allowlist, made by hookctl itself in a home of the same layout.
	good := func(t *testing.T, h *home) []byte {
		r := h.run(bound, nil, "hooks", "approve", "--all")
		if r.code != 0 {
			t.Fatalf("approve --all\n%s", r)
		}
		data, err := os.ReadFile(h.allowlist())
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	type state struct {
		name string
		// make replaces the good allowlist (data) with the hostile one.
		make func(t *testing.T, h *home, data []byte)
		// warning is a substring of run's warning besides the file's name.
		warning string
	}
	write := func(content func([]byte) []byte, mode os.FileMode) func(t *testing.T, h *home, data []byte) {
		return func(t *testing.T, h *home, data []byte) { h.writeFile(h.allowlist(), content(data), mode) }
	}
	same := func(b []byte) []byte { return b }
	states := []state{
		{name: "corrupt", warning: "corrupt", make: write(func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"approvals": [`), []byte(`"approvals": [}{`), 1)
		}, 0o600)},
		{name: "truncated", warning: "corrupt", make: write(func(b []byte) []byte { return b[:len(b)/2] }, 0o600)},
		{name: "empty", warning: "corrupt", make: write(func(b []byte) []byte { return nil }, 0o600)},
		{name: "unknown_version", warning: "version 2 is not supported", make: write(func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"version": 1`), []byte(`"version": 2`), 1)
		}, 0o600)},
		{name: "directory", warning: "not a regular file", make: func(t *testing.T, h *home, _ []byte) {
			if err := os.Remove(h.allowlist()); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(h.allowlist(), 0o700); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "fifo", warning: "not a regular file", make: func(t *testing.T, h *home, _ []byte) {
			if err := os.Remove(h.allowlist()); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(h.allowlist(), 0o600); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "unreadable", warning: "permission denied", make: func(t *testing.T, h *home, _ []byte) {
			if os.Geteuid() == 0 {
				t.Skip("root reads a file whatever its mode")
			}
			if err := os.Chmod(h.allowlist(), 0); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "group_writable", warning: "chmod 600 ", make: write(same, 0o620)},
		{name: "world_writable", warning: "chmod 600 ", make: write(same, 0o606)},
	}
	for _, st := range states {
		t.Run(st.name, func(t *testing.T) {
			t.Parallel()
			h := newHome(t)
			h.hook("mark.sh")
			h.config("hooks:\n  pre_tool_call:\n    - command: ./mark.sh\n      timeout: 2\n")
			st.make(t, h, good(t, h))
			before := snapshot(t, h.allowlist())

			r := h.run(bound, nil, "run", "pre_tool_call", "--tool", "terminal")
			if r.code != 0 {
				t.Fatalf("run: exit %d, want 0\n%s", r.code, r)
			}
			out := decodeRun(t, r)
			if len(out.Hooks) != 1 || out.Hooks[0].Status != "skipped_unapproved" {
				t.Errorf("run: want the hook skipped_unapproved\n%s", r)
			}
			if _, err := os.Stat(filepath.Join(h.work, "ran")); err == nil {
				t.Errorf("the hook ran on the approval of an allowlist that cannot be trusted")
			}
			if s := string(r.stderr); !strings.Contains(s, h.allowlist()) || !strings.Contains(s, st.warning) {
				t.Errorf("run: stderr does not name the allowlist and %q\n%s", st.warning, r)
			}
			if st.name == "group_writable" || st.name == "world_writable" {
				if !strings.Contains(string(r.stderr), "chmod 600 "+h.allowlist()) {
					t.Errorf("run: stderr does not give the fix chmod 600 %s\n%s", h.allowlist(), r)
				}
			}

			list := h.run(bound, nil, "hooks", "list", "--json")
			var listed struct {
				Hooks []struct {
					Consent struct{ Status string } `json:"consent"`
				} `json:"hooks"`
			}
			decodeOne(t, list, &listed)
			if list.code != 0 || len(listed.Hooks) != 1 || listed.Hooks[0].Consent.Status != "not_approved" {
				t.Errorf("hooks list: want exit 0 and the hook not_approved\n%s", list)
			}

			for _, args := range [][]string{{"hooks", "approve", "--all"}, {"hooks", "approve", "./mark.sh"}, {"hooks", "revoke", "./mark.sh"}} {
				r := h.run(bound, nil, args...)
				if r.code != 1 || !strings.Contains(string(r.stderr), h.allowlist()) {
					t.Errorf("want exit 1 naming the allowlist\n%s", r)
				}
			}
			if st.name == "group_writable" || st.name == "world_writable" {
				doc := h.run(bound, nil, "hooks", "doctor", "--json")
				var d struct {
					Findings []struct{ Severity, Check, Fix string } `json:"findings"`
				}
				decodeOne(t, doc, &d)
				found := false
				for _, f := range d.Findings {
					found = found || (f.Check == "allowlist" && f.Severity == "error" && f.Fix == "chmod 600 "+h.allowlist())
				}
				if doc.code != 1 || !found {
					t.Errorf("doctor: want exit 1 and an allowlist error with the fix chmod 600\n%s", doc)
				}
			}
			if after := snapshot(t, h.allowlist()); after != before {
				t.Errorf("the allowlist changed:\nbefore %s\nafter  %s", before, after)
			}
			figs.tried(0)
			t.Logf("%s: skipped, exit 0; approve and revoke exit 1; file unchanged (%s)", st.name, strings.Fields(before)[0])
		})
	}
}

// snapshot describes what is at path: its type, mode and, for a file, its content.
func snapshot(t *testing.T, path string) string {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	s := fi.Mode().String()
	if fi.Mode().IsRegular() {
		if os.Geteuid() != 0 && fi.Mode().Perm()&0o400 == 0 {
			return s + " (unreadable)"
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s += " " + string(data)
	}
	return s
}
