package wall

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// TestWallNotUp: where the kernel has no Landlock (a seccomp filter fails its calls as such a
// kernel does) or only an ABI below 3 (go-landlock's lower configurations), the wall refuses to
// run the command bare: exit 126 and the reason, and the command's marker never appears.
func TestWallNotUp(t *testing.T) {
	needLandlock(t, MinABI)
	cases := []struct{ name, env, want string }{
		{"no Landlock in the kernel", "WALL_TEST_SECCOMP=ENOSYS", "this kernel has no Landlock (ENOSYS"},
		{"Landlock off at boot", "WALL_TEST_SECCOMP=EOPNOTSUPP", "Landlock is in this kernel but not enabled at boot (EOPNOTSUPP"},
		{"ABI 1", "WALL_TEST_ABI=1", "Landlock ABI 1 cannot refuse truncating"},
		{"ABI 2", "WALL_TEST_ABI=2", "Landlock ABI 2 cannot refuse truncating"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			out, err := w.walled(t, true, []string{tc.env}, "echo RAN")
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 126 {
				t.Fatalf("exit %v, want 126:\n%s", err, out)
			}
			if strings.Contains(out, "RAN") || !strings.Contains(out, "the wall cannot go up: "+tc.want) {
				t.Fatalf("output:\n%s", out)
			}
		})
	}
}

// TestWallPartial: at ABI 3-5 the wall is up without the signal scope: writes are refused,
// a kill outside is not, and the status names what is missing.
func TestWallPartial(t *testing.T) {
	needLandlock(t, MinABI)
	st := statusAt(5, "")
	if st.State != Partial || len(st.Lacks) == 0 || !strings.Contains(st.Lacks[0], "signals") {
		t.Fatalf("status at ABI 5: %+v", st)
	}
	w := newWorld(t)
	out, err := w.walled(t, false, []string{"WALL_TEST_ABI=5", "HOOKHOME=" + w.home}, `echo x > "$HOOKHOME/allowlist.json"`)
	if err == nil || !strings.Contains(out, "denied") {
		t.Fatalf("ABI 5 let a write through: %v\n%s", err, out)
	}
	out, err = w.walled(t, false, []string{"WALL_TEST_ABI=5"}, "sleep 60 & kill $!; wait $!; echo $?")
	if err != nil || !strings.Contains(out, "143") {
		t.Fatalf("%v\n%s", err, out)
	}
}

// TestStatusAt: the states of SPEC 28.12 by ABI.
func TestStatusAt(t *testing.T) {
	for abi, want := range map[int]State{0: Unavailable, 1: Unavailable, 2: Unavailable, 3: Partial, 5: Partial, 6: Up, 7: Up, 9: Up, 12: Up} {
		if got := statusAt(abi, "none").State; got != want {
			t.Errorf("ABI %d: %s, want %s", abi, got, want)
		}
	}
	if lacks := statusAt(9, "").Lacks; len(lacks) != 0 {
		t.Errorf("ABI 9 lacks %v", lacks)
	}
	if c := configAt(7); c.HandledAccessFS&^Writes != 0 || c.Scoped != 2 {
		t.Errorf("ABI 7 handles more than the writes and the signal scope: %v", c)
	}
}
