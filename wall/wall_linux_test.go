package wall

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/hookctl/hookctl/internal/nolandlock"
)

// The test binary stands for hookctl wall when WALL_TEST_SET is set: it puts the wall up for
// that set (JSON) and execs its arguments; WALL_TEST_SECCOMP first makes the Landlock calls
// fail with that errno; WALL_TEST_INSIDE prints what Inside says for the set.
func TestMain(m *testing.M) {
	if raw := os.Getenv("WALL_TEST_SET"); raw != "" {
		os.Exit(standIn(raw))
	}
	dir, err := os.MkdirTemp("", "wall-bin-")
	if err == nil {
		err = copyBinary(os.Args[0], filepath.Join(dir, "wall.test"))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	self = filepath.Join(dir, "wall.test")
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// self is a copy of the test binary that an ordinary user may run (the go command builds it in
// a folder only root can enter).
var self string

func copyBinary(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.Chmod(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o755)
}

func standIn(raw string) int {
	var set Set
	if err := json.Unmarshal([]byte(raw), &set); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	if os.Getenv("WALL_TEST_INSIDE") != "" {
		in, err := Inside(set)
		fmt.Println(in, err)
		return 0
	}
	if e := os.Getenv("WALL_TEST_SECCOMP"); e != "" {
		if err := nolandlock.Install(e); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
	}
	abi, _ := strconv.Atoi(os.Getenv("WALL_TEST_ABI"))
	path, err := exec.LookPath(os.Args[1])
	if err == nil {
		err = Exec(set, Options{MaxABI: abi}, path, os.Args[1:], os.Environ())
	}
	fmt.Fprintln(os.Stderr, "wall:", err)
	return 126
}

// world is a home to wall and a folder beside it, both usable by the unprivileged user.
type world struct {
	root, home, beside string
	set                Set
}

func newWorld(t *testing.T) world {
	t.Helper()
	root, err := os.MkdirTemp("", "wall-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(root) })
	w := world{root: root, home: filepath.Join(root, "person", ".agent-hooks"), beside: filepath.Join(root, "project")}
	for _, d := range []string{w.home, filepath.Join(w.home, "projects"), w.beside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(w.home, "allowlist.json"), filepath.Join(w.home, "config.yaml"), filepath.Join(w.beside, "main.go")} {
		if err := os.WriteFile(f, []byte("{}\n"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	chownAll(t, root)
	w.set = Set{Trees: []string{w.home}, Open: []string{filepath.Join(w.home, "audit")}}
	return w
}

// chownAll gives the tree to nobody, so the same test runs as root and as an ordinary user.
func chownAll(t *testing.T, root string) {
	t.Helper()
	err := filepath.Walk(root, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, 65534, 65534)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// walled runs sh -c script behind the wall for w's set, as root or as nobody.
func (w world) walled(t *testing.T, asNobody bool, env []string, script string) (string, error) {
	t.Helper()
	raw, _ := json.Marshal(w.set)
	cmd := exec.Command(self, "sh", "-c", script)
	cmd.Env = append(append(os.Environ(), "WALL_TEST_SET="+string(raw), "HOME="+filepath.Dir(w.home)), env...)
	cmd.Dir = w.beside
	if asNobody {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func needLandlock(t *testing.T, abi int) {
	t.Helper()
	if st := Detect(0); st.ABI < abi {
		t.Skipf("needs Landlock ABI %d, this kernel has %d (%s)", abi, st.ABI, st.Reason)
	}
	if os.Getuid() != 0 {
		t.Skip("runs as root and as nobody: needs root")
	}
}
