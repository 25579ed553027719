package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReleaseNPMAndReproducible builds the linux/amd64 release twice (the other platforms take
// the same path), checks the two are byte for byte the same, then installs the packed .tgz files
// with npm install --offline into a fresh prefix and runs npx hookctl --version through the
// package's launcher.
func TestReleaseNPMAndReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hookctl twice")
	}
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("no npm")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	build := func(dist string) {
		o := options{root: root, dist: dist, version: "v0.0.0-test", npm: true, stderr: io.Discard,
			targets: []target{{"linux", "amd64"}}}
		if err := release(o); err != nil {
			t.Fatal(err)
		}
	}
	dist1, dist2 := filepath.Join(tmp, "dist1"), filepath.Join(tmp, "dist2")
	build(dist1)
	build(dist2)
	want := []string{"SHA256SUMS", "hookctl-0.0.0-test.tgz", "hookctl-linux-x64-0.0.0-test.tgz", "hookctl_0.0.0-test_linux_amd64.tar.gz"}
	for _, name := range want {
		a, err := os.ReadFile(filepath.Join(dist1, name))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dist2, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between two builds of the same tree", name)
		}
	}
	entries, _ := os.ReadDir(dist1)
	if len(entries) != len(want) {
		t.Errorf("dist holds %d files, want %v", len(entries), want)
	}

	prefix := filepath.Join(tmp, "prefix")
	env := append(os.Environ(), "npm_config_cache="+filepath.Join(tmp, "npm-cache"), "npm_config_update_notifier=false")
	install := exec.Command("npm", "install", "--offline", "--no-audit", "--no-fund", "--prefix", prefix,
		filepath.Join(dist1, "hookctl-0.0.0-test.tgz"), filepath.Join(dist1, "hookctl-linux-x64-0.0.0-test.tgz"))
	install.Dir, install.Env = tmp, env
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("npm install --offline: %v\n%s", err, out)
	}
	for _, name := range []string{"hookctl", "hookctl-serve"} {
		if fi, err := os.Stat(filepath.Join(prefix, "node_modules", "@hookctl", "linux-x64", "bin", name)); err != nil || fi.Mode()&0o111 == 0 {
			t.Errorf("the platform package lacks an executable %s: %v", name, err)
		}
	}
	npx := exec.Command("npx", "--offline", "--no-install", "hookctl", "--version")
	npx.Dir = prefix
	npx.Env = append(env, "PATH="+filepath.Join(prefix, "node_modules", ".bin")+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := npx.Output()
	if err != nil {
		t.Fatalf("npx hookctl --version: %v\n%s", err, out)
	}
	if !strings.HasPrefix(string(out), "hookctl version v0.0.0-test ") {
		t.Errorf("npx hookctl --version printed %q", out)
	}
}
