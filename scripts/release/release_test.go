package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestReleaseNPMAndReproducible verifies a release as a person checking one would: it clones
// the repository's HEAD twice, into folders whose paths differ in length, builds the linux/amd64
// release in each (the other platforms take the same path) with the version the go command
// stamps from the commit, and checks that SHA256SUMS and every file are byte for byte the same
// and that neither clone's path is in any file. Then it installs the packed .tgz files with npm
// install --offline into a fresh prefix and runs npx hookctl --version through the package's
// launcher.
//
// The two builds share the build cache: with -trimpath a package's cache key holds no folder,
// so the second clone reuses the first's compiled packages. Without -trimpath each clone's
// packages are compiled apart and carry its path, which the path and byte checks catch; a build
// on another machine, with a cold cache, is what `make release` in two fresh clones checks.
func TestReleaseNPMAndReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("clones the repository and builds hookctl twice")
	}
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("no npm")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git: the check builds two clones of HEAD")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	git := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		// No person's or system git configuration (a hook, a template, an alias) takes part.
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_TERMINAL_PROMPT=0")
		out, err := cmd.Output()
		if err != nil {
			var stderr []byte
			if ee, ok := err.(*exec.ExitError); ok {
				stderr = ee.Stderr
			}
			t.Fatalf("git %s in %s: %v\n%s", strings.Join(args, " "), dir, err, stderr)
		}
		return strings.TrimSpace(string(out))
	}
	// The repository's own checkout, not one that merely holds an unpacked copy of it.
	top, err := exec.Command("git", "-C", root, "rev-parse", "--show-toplevel").Output()
	real, _ := filepath.EvalSymlinks(root)
	if err != nil || strings.TrimSpace(string(top)) != real || exec.Command("git", "-C", root, "rev-parse", "--verify", "-q", "HEAD^{commit}").Run() != nil {
		t.Skipf("%s is not a git checkout with a commit: the check builds two clones of HEAD", root)
	}
	head := git(root, "rev-parse", "HEAD")
	if dirty := git(root, "status", "--porcelain", "--untracked-files=no"); dirty != "" {
		t.Logf("the work tree has uncommitted changes; they are not in the builds compared, which are of the commit HEAD (%s)", head)
	}
	tmp := t.TempDir()
	// Two paths of different lengths: a path that reached a binary or an archive would change
	// its bytes, and its length the sizes too.
	clones := []string{filepath.Join(tmp, "a"), filepath.Join(tmp, "verify", "a-longer-folder-name", "hookctl")}
	dists := []string{filepath.Join(tmp, "dist1"), filepath.Join(tmp, "dist2")}
	for i, dir := range clones {
		// --no-local: objects copied through git's transport, as a clone from a server has them.
		// git clone checks out the branch HEAD names; --no-checkout and a detached checkout of
		// the commit give HEAD itself, also from a git worktree or a detached HEAD.
		git(tmp, "clone", "-q", "--no-local", "--no-checkout", root, dir)
		git(dir, "checkout", "-q", "--detach", head)
		o := options{root: dir, dist: dists[i], npm: true, stderr: io.Discard, targets: []target{{"linux", "amd64"}}}
		if err := release(o); err != nil {
			t.Fatalf("release in the clone at %s: %v", dir, err)
		}
	}
	t.Logf("compared the linux/amd64 release of commit %s built in %s and in %s", head, clones[0], clones[1])

	sums1, err := os.ReadFile(filepath.Join(dists[0], "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	sums2, err := os.ReadFile(filepath.Join(dists[1], "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(sums1, sums2) {
		t.Errorf("SHA256SUMS differ between the two clones:\n%s\n%s", sums1, sums2)
	}
	// The version is the one the go command stamped from the commit: a pseudo-version naming it,
	// or the tag on it.
	short := head[:12]
	var version string
	var want []string
	for _, line := range strings.Split(strings.TrimSpace(string(sums1)), "\n") {
		_, name, ok := strings.Cut(line, "  ")
		if !ok {
			t.Fatalf("SHA256SUMS line %q", line)
		}
		want = append(want, name)
		if v, ok := strings.CutPrefix(name, "hookctl_"); ok {
			version, _ = strings.CutSuffix(v, "_linux_amd64.tar.gz")
		}
	}
	if !strings.HasSuffix(version, "-"+short) && !slices.Contains(strings.Fields(git(root, "tag", "--points-at", head)), "v"+version) {
		t.Fatalf("the archive's version %q does not name commit %s (SHA256SUMS:\n%s)", version, short, sums1)
	}
	if w := []string{"hookctl-" + version + ".tgz", "hookctl-linux-x64-" + version + ".tgz", "hookctl_" + version + "_linux_amd64.tar.gz"}; !slices.Equal(want, w) {
		t.Errorf("SHA256SUMS names %v, want %v", want, w)
	}
	// The Homebrew formula and the Scoop manifest, from SHA256SUMS: reproducible with it.
	want = append(want, "SHA256SUMS", "hookctl.rb", "hookctl.json")
	for _, dist := range dists {
		entries, err := os.ReadDir(dist)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range entries {
			got = append(got, e.Name())
		}
		slices.Sort(got)
		if w := slices.Sorted(slices.Values(want)); !slices.Equal(got, w) {
			t.Errorf("%s holds %v, want %v", dist, got, w)
		}
	}
	for _, name := range want {
		a, err := os.ReadFile(filepath.Join(dists[0], name))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(dists[1], name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between the clones at %s and %s", name, clones[0], clones[1])
		}
		// The archives are compressed: their binaries are looked into below, through npm.
		for _, dir := range append(clones, tmp) {
			if bytes.Contains(a, []byte(dir)) || bytes.Contains(b, []byte(dir)) {
				t.Errorf("%s holds the build's path %s", name, dir)
			}
		}
	}
	dist1 := dists[0]

	prefix := filepath.Join(tmp, "prefix")
	env := append(os.Environ(), "npm_config_cache="+filepath.Join(tmp, "npm-cache"), "npm_config_update_notifier=false")
	install := exec.Command("npm", "install", "--offline", "--no-audit", "--no-fund", "--prefix", prefix,
		filepath.Join(dist1, "hookctl-"+version+".tgz"), filepath.Join(dist1, "hookctl-linux-x64-"+version+".tgz"))
	install.Dir, install.Env = tmp, env
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("npm install --offline: %v\n%s", err, out)
	}
	for _, name := range []string{"hookctl", "hookctl-serve"} {
		bin := filepath.Join(prefix, "node_modules", "@hookctl", "linux-x64", "bin", name)
		if fi, err := os.Stat(bin); err != nil || fi.Mode()&0o111 == 0 {
			t.Errorf("the platform package lacks an executable %s: %v", name, err)
			continue
		}
		data, err := os.ReadFile(bin)
		if err != nil {
			t.Fatal(err)
		}
		for _, dir := range append(clones, tmp) {
			if bytes.Contains(data, []byte(dir)) {
				t.Errorf("%s holds the build's path %s", name, dir)
			}
		}
	}
	npx := exec.Command("npx", "--offline", "--no-install", "hookctl", "--version")
	npx.Dir = prefix
	npx.Env = append(env, "PATH="+filepath.Join(prefix, "node_modules", ".bin")+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := npx.Output()
	if err != nil {
		t.Fatalf("npx hookctl --version: %v\n%s", err, out)
	}
	if !strings.HasPrefix(string(out), "hookctl version v"+version+" ") {
		t.Errorf("npx hookctl --version printed %q", out)
	}
	checkReadmeInstall(t, root, clones[0], dist1, version)
}
