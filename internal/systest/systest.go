// Package systest runs a test as root in a private mount namespace, where /etc is an overlay
// of the real one: a test of the system level (/etc/agent-hooks, the agents' administrator
// files) writes there and the machine's own /etc never changes.
package systest

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// Root is a scratch folder inside the namespace that passes hookctl's ownership check: a tmpfs
// owned by root, mode 0755, on a path of root-owned folders. Temporary folders (TMPDIR) of the
// test live under Root/tmp.
const Root = "/etc/hookctl-test"

// innerVar marks the test binary run inside the namespace.
const innerVar = "HOOKCTL_SYSTEST_INNER"

// setup mounts, in the new namespace, a tmpfs at $1 holding the overlay's upper and work
// folders, the overlay over /etc, and a root-owned tmpfs at Root; then it runs the rest of its
// arguments.
const setup = `set -e
umask 022
mount -t tmpfs -o mode=0755 tmpfs "$1"
mkdir "$1/upper" "$1/work"
mount -t overlay overlay -o "lowerdir=/etc,upperdir=$1/upper,workdir=$1/work" /etc
mkdir -p ` + Root + `
mount -t tmpfs -o mode=0755 tmpfs ` + Root + `
mkdir -m 0755 ` + Root + `/tmp ` + Root + `/bin
shift
exec "$@"`

// Enter makes the calling test run inside a private mount namespace. Outside it, Enter runs
// this test binary again, for this one test, under `unshare -m`, fails the test when that run
// fails, and returns false: the caller returns at once. Inside, it returns true. It skips the
// test, saying why, when hookctl's tests do not run as root or unshare is missing.
//
//	if !systest.Enter(t) {
//		return
//	}
func Enter(t *testing.T) bool {
	t.Helper()
	if os.Getenv(innerVar) == "1" {
		if !etcIsOverlay() {
			t.Fatalf("%s is set, but /etc is not the test's overlay: refusing to touch the real /etc", innerVar)
		}
		return true
	}
	if os.Geteuid() != 0 {
		t.Skip("the system level is tested as root, in a private mount namespace: run the tests as root")
	}
	unshare, err := exec.LookPath("unshare")
	if err != nil {
		t.Skip("the system level is tested in a private mount namespace, and unshare(1) is not installed")
	}
	var pattern []string
	for _, part := range strings.Split(t.Name(), "/") {
		pattern = append(pattern, "^"+regexp.QuoteMeta(part)+"$")
	}
	args := []string{"-m", "--propagation", "private", "sh", "-c", setup, "sh", t.TempDir(),
		os.Args[0], "-test.run", strings.Join(pattern, "/"), "-test.count=1", "-test.v"}
	cmd := exec.Command(unshare, args...)
	cmd.Env = append(os.Environ(), innerVar+"=1", "TMPDIR="+Root+"/tmp")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("in the mount namespace: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "--- SKIP") {
		t.Logf("in the mount namespace:\n%s", out)
	}
	if !strings.Contains(string(out), "--- PASS") {
		t.Fatalf("in the mount namespace the test did not run:\n%s", out)
	}
	if testing.Verbose() {
		t.Logf("in the mount namespace:\n%s", out)
	}
	return false
}
