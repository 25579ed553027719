package wall

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestWallRefusesWhatChangesTheHome: each attack is a command an agent's shell tool could run;
// behind the wall every one is refused by the kernel, as root and as an ordinary user, while
// reading the home and writing beside it work.
func TestWallRefusesWhatChangesTheHome(t *testing.T) {
	needLandlock(t, MinABI)
	refused := []struct{ name, script string }{
		{"overwrite the allowlist", `echo '{}' > "$HOOKHOME/allowlist.json"`},
		{"append to the allowlist", `echo x >> "$HOOKHOME/allowlist.json"`},
		{"truncate the allowlist", `truncate -s 0 "$HOOKHOME/allowlist.json"`},
		{"remove the allowlist", `rm -f "$HOOKHOME/allowlist.json" && test ! -e "$HOOKHOME/allowlist.json"`},
		{"rename the allowlist", `mv "$HOOKHOME/allowlist.json" "$HOOKHOME/old.json"`},
		{"move the allowlist out", `mv "$HOOKHOME/allowlist.json" ./stolen.json`},
		{"create a file in the home", `touch "$HOOKHOME/guards.json"`},
		{"create a file in projects/", `echo x > "$HOOKHOME/projects/p.json"`},
		{"remove projects/", `rm -rf "$HOOKHOME/projects" && test ! -e "$HOOKHOME/projects"`},
		{"replace the allowlist by a rename", `echo '{}' > new.json && mv new.json "$HOOKHOME/allowlist.json"`},
		{"link into the home", `ln -s /tmp "$HOOKHOME/link"`},
		{"hard-link the allowlist out", `ln "$HOOKHOME/allowlist.json" ./hard.json`},
		{"move the home away", `mv "$HOOKHOME" "$HOOKHOME.old"`},
		{"move the home's parent away", `mv "$HOME" "$HOME.old"`},
		{"remove the home", `rm -rf "$HOOKHOME" && test ! -e "$HOOKHOME"`},
		{"a child of a child writes", `sh -c 'sh -c "echo x > \"$HOOKHOME/config.yaml\""'`},
		{"chmod the home's files", `chmod 777 "$HOOKHOME/config.yaml" && echo x > "$HOOKHOME/config.yaml"`},
	}
	for _, nobody := range []bool{false, true} {
		for _, tc := range refused {
			t.Run(who(nobody)+"/"+tc.name, func(t *testing.T) {
				w := newWorld(t)
				out, err := w.walled(t, nobody, []string{"HOOKHOME=" + w.home}, tc.script)
				if err == nil {
					t.Fatalf("the wall let %q through:\n%s", tc.script, out)
				}
				if !strings.Contains(out, "denied") && !strings.Contains(out, "not permitted") && !strings.Contains(out, "Invalid cross-device link") {
					t.Errorf("refused, but not by the kernel's permission check:\n%s", out)
				}
				if data, err := os.ReadFile(filepath.Join(w.home, "allowlist.json")); err != nil || string(data) != "{}\n" {
					t.Errorf("the allowlist changed: %q, %v", data, err)
				}
			})
		}
		t.Run(who(nobody)+"/reading and writing elsewhere work", func(t *testing.T) {
			w := newWorld(t)
			out, err := w.walled(t, nobody, []string{"HOOKHOME=" + w.home},
				`cat "$HOOKHOME/allowlist.json" && ls "$HOOKHOME" && echo x > main.go && mkdir -p sub/deeper && mv main.go sub/ && rm -r sub && d=$(mktemp -d) && echo y > "$d/f" && rm -r "$d" && mkdir "$HOOKHOME/audit" 2>/dev/null; echo done`)
			if err != nil || !strings.Contains(out, "done") {
				t.Fatalf("%v\n%s", err, out)
			}
		})
	}
}

// TestWallLeavesOpenPaths: the audit folder under the home stays writable.
func TestWallLeavesOpenPaths(t *testing.T) {
	needLandlock(t, MinABI)
	w := newWorld(t)
	audit := filepath.Join(w.home, "audit")
	if err := os.Mkdir(audit, 0o777); err != nil {
		t.Fatal(err)
	}
	chownAll(t, w.root)
	out, err := w.walled(t, true, []string{"AUDIT=" + audit}, `echo entry >> "$AUDIT/audit.jsonl" && rm "$AUDIT/audit.jsonl" && echo done`)
	if err != nil || !strings.Contains(out, "done") {
		t.Fatalf("%v\n%s", err, out)
	}
}

// TestWallOpenLinkOpensNothing: a link planted, before the wall went up, at an open path
// that names a walled file (config.yaml -> allowlist.json) opens neither the link nor what it
// names; a plain open file stays writable.
func TestWallOpenLinkOpensNothing(t *testing.T) {
	needLandlock(t, MinABI)
	w := newWorld(t)
	link := filepath.Join(w.home, "config.yaml")
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("allowlist.json", link); err != nil {
		t.Fatal(err)
	}
	plain := filepath.Join(w.home, "audit.jsonl")
	if err := os.WriteFile(plain, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	chownAll(t, w.root)
	w.set.Open = append(w.set.Open, link, plain)
	for _, nobody := range []bool{false, true} {
		out, err := w.walled(t, nobody, []string{"HOOKHOME=" + w.home}, `echo '{"x":1}' > "$HOOKHOME/config.yaml"`)
		if err == nil {
			t.Fatalf("%s: the link opened the allowlist:\n%s", who(nobody), out)
		}
		out, err = w.walled(t, nobody, []string{"HOOKHOME=" + w.home}, `echo entry >> "$HOOKHOME/audit.jsonl" && echo done`)
		if err != nil || !strings.Contains(out, "done") {
			t.Fatalf("%s: the open file was refused: %v\n%s", who(nobody), err, out)
		}
	}
	if data, err := os.ReadFile(filepath.Join(w.home, "allowlist.json")); err != nil || string(data) != "{}\n" {
		t.Errorf("the allowlist changed: %q, %v", data, err)
	}
}

// TestWallStopsSignalsOut: a process started outside cannot be killed from inside (ABI 6).
func TestWallStopsSignalsOut(t *testing.T) {
	needLandlock(t, 6)
	sleeper := exec.Command("sleep", "60")
	if err := sleeper.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = sleeper.Process.Kill(); _ = sleeper.Wait() }()
	w := newWorld(t)
	pid := strconv.Itoa(sleeper.Process.Pid)
	out, err := w.walled(t, false, nil, "kill -KILL "+pid)
	if err == nil || !strings.Contains(out, "not permitted") {
		t.Fatalf("kill of a process outside the wall: %v\n%s", err, out)
	}
	if out, err := w.walled(t, false, nil, "sleep 60 & kill $! && wait $!; echo $?"); err != nil || !strings.Contains(out, "143") {
		t.Fatalf("a process inside could not signal its own child: %v\n%s", err, out)
	}
}

// TestInsideProbe: the probe says inside behind the wall and outside without it, and writes
// nothing either way.
func TestInsideProbe(t *testing.T) {
	needLandlock(t, MinABI)
	w := newWorld(t)
	before, _ := os.Stat(filepath.Join(w.home, "allowlist.json"))
	out, err := w.walled(t, true, []string{"PROBE=" + self}, `WALL_TEST_INSIDE=1 "$PROBE"`)
	if err != nil || strings.TrimSpace(out) != "true <nil>" {
		t.Fatalf("inside the wall the probe says %q (%v)", out, err)
	}
	in, err := Inside(w.set)
	if in || err != nil {
		t.Fatalf("outside the wall the probe says %v, %v", in, err)
	}
	after, _ := os.Stat(filepath.Join(w.home, "allowlist.json"))
	if !after.ModTime().Equal(before.ModTime()) || after.Size() != before.Size() {
		t.Fatal("the probe changed the file it opened")
	}
}

// TestWallCoversMissingPaths: a walled path that does not exist cannot be made (SPEC 28.21),
// and a set naming one is no reason to fail.
func TestWallCoversMissingPaths(t *testing.T) {
	needLandlock(t, MinABI)
	w := newWorld(t)
	missing := filepath.Join(w.root, "person", ".codex", "config.toml")
	w.set.Files = append(w.set.Files, missing)
	rows := Table(w.set)
	for _, r := range rows {
		if r.Path == missing && (!r.Missing || r.Cover != filepath.Join(w.root, "person")) {
			t.Fatalf("row %+v", r)
		}
	}
	out, err := w.walled(t, true, []string{"MISSING=" + missing}, `mkdir -p "$(dirname "$MISSING")" && echo x > "$MISSING"`)
	if err == nil {
		t.Fatalf("a missing walled path was made:\n%s", out)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Fatal("the missing path exists now")
	}
}

func who(nobody bool) string {
	if nobody {
		return "nobody"
	}
	return "root"
}
