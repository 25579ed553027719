package main

import (
	"archive/zip"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// installBlock is one sh block of an Install section: the commands a person pastes.
type installBlock struct {
	file, kind, text string
}

// installBlocks reads the ```sh blocks of the "Install" sections of README.md and
// docs/install.md, each named by what it installs from: "archive", "npm" or "go". Blocks that
// differ only in comments count once.
func installBlocks(t *testing.T, root string) []installBlock {
	t.Helper()
	var out []installBlock
	seen := map[string]bool{}
	for _, name := range []string{"README.md", filepath.Join("docs", "install.md")} {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		_, section, ok := strings.Cut(string(data), "\n## Install\n")
		if !ok {
			t.Fatalf("%s has no ## Install section", name)
		}
		section, _, _ = strings.Cut(section, "\n## ")
		for _, m := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(section, -1) {
			text := m[1]
			var kind string
			switch {
			case strings.Contains(text, "tar -xzf"):
				kind = "archive"
			case strings.Contains(text, "npm install"):
				kind = "npm"
			case strings.Contains(text, "go install"):
				kind = "go"
			default:
				t.Fatalf("%s: an Install block that installs from nothing known:\n%s", name, text)
			}
			key := regexp.MustCompile(`(?m)\s*#.*$`).ReplaceAllString(text, "")
			if !seen[key] {
				seen[key] = true
				out = append(out, installBlock{name, kind, text})
			}
		}
	}
	for _, kind := range []string{"archive", "npm", "go"} {
		if !slices.ContainsFunc(out, func(b installBlock) bool { return b.kind == kind }) {
			t.Errorf("no Install block installs from %s", kind)
		}
	}
	return out
}

// checkReadmeInstall runs every Install block of the README and docs/install.md as written, in
// a fresh HOME, with VERSION the release's: the archive and npm blocks from dist (the folder a
// person downloaded the release into) with a PATH of node's folder, /usr/bin and /bin, the
// go install block with Go and a module proxy that serves commit HEAD of clone as the proxy
// would serve the published module. Each block must end with hookctl --version printing the
// version it installed.
func checkReadmeInstall(t *testing.T, root, clone, dist, version string) {
	for _, b := range installBlocks(t, root) {
		t.Run(b.kind+" "+filepath.Base(b.file), func(t *testing.T) {
			home := t.TempDir()
			env := []string{"HOME=" + home, "LC_ALL=C", "TMPDIR=" + t.TempDir()}
			want := "hookctl version v" + version + " "
			switch b.kind {
			case "archive", "npm":
				node, err := exec.LookPath("node")
				if err != nil {
					t.Skip("no node")
				}
				// npm -g installs into a prefix of the test's own; the PATH has the system's tools
				// and node, not Go.
				path := filepath.Join(home, "npm-global", "bin") + ":" + filepath.Dir(node) + ":/usr/bin:/bin"
				env = append(env, "PATH="+path, "npm_config_prefix="+filepath.Join(home, "npm-global"),
					"npm_config_cache="+filepath.Join(home, "npm-cache"), "npm_config_update_notifier=false")
				if p, err := lookPathIn("go", path); err == nil {
					t.Logf("go is on the PATH of a machine with only node (%s): the block does not use it", p)
				}
			case "go":
				gobin, err := exec.LookPath("go")
				if err != nil {
					t.Skip("no go")
				}
				goEnv := func(name string) string {
					out, err := exec.Command(gobin, "env", name).Output()
					if err != nil {
						t.Fatalf("go env %s: %v", name, err)
					}
					return strings.TrimSpace(string(out))
				}
				// The module as the proxy would serve it, and its dependencies from the module
				// cache's own download folder (a proxy's layout): nothing is fetched from the
				// network, so no checksum database is asked either (the one a person's go command
				// asks has no entry for a module served here). The build cache is shared, so the
				// standard library is not compiled again.
				proxy := moduleProxy(t, clone)
				env = append(env, "PATH="+filepath.Dir(gobin)+":/usr/bin:/bin",
					"GOPROXY=file://"+proxy+",file://"+filepath.Join(goEnv("GOMODCACHE"), "cache", "download"),
					"GOSUMDB=off", "GOCACHE="+goEnv("GOCACHE"), "GOTOOLCHAIN=local", "GOFLAGS=")
				v, _ := proxyVersion(t, clone)
				want = "hookctl version " + v + " "
			}
			text := strings.ReplaceAll(b.text, "VERSION", version)
			cmd := exec.Command("/bin/sh", "-ec", text)
			cmd.Dir, cmd.Env = dist, env
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s's %s block failed: %v\n%s\n%s", b.file, b.kind, err, text, out)
			}
			if !strings.Contains(string(out), want) {
				t.Errorf("%s's %s block printed no %q:\n%s", b.file, b.kind, want, out)
			}
		})
	}
}

func lookPathIn(name, path string) (string, error) {
	for _, dir := range filepath.SplitList(path) {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", exec.ErrNotFound
}

// proxyVersion is the pseudo-version the go command gives commit HEAD of the clone when no
// tag names it: v0.0.0-TIME-COMMIT.
func proxyVersion(t *testing.T, clone string) (string, time.Time) {
	t.Helper()
	out, err := exec.Command("git", "-C", clone, "log", "-1", "--format=%ct %H").Output()
	if err != nil {
		t.Fatalf("git log in %s: %v", clone, err)
	}
	var secs int64
	var hash string
	if _, err := fmt.Sscanf(string(out), "%d %s", &secs, &hash); err != nil {
		t.Fatalf("git log printed %q", out)
	}
	when := time.Unix(secs, 0).UTC()
	return "v0.0.0-" + when.Format("20060102150405") + "-" + hash[:12], when
}

// moduleProxy writes a GOPROXY folder serving the clone's HEAD as the module's latest version:
// @latest's info, the go.mod, and the module zip of every tracked file (one module: the
// repository has a single go.mod, checked).
func moduleProxy(t *testing.T, clone string) string {
	t.Helper()
	version, when := proxyVersion(t, clone)
	const module = "github.com/hookctl/hookctl"
	dir := filepath.Join(t.TempDir(), "proxy")
	vdir := filepath.Join(dir, module, "@v")
	if err := os.MkdirAll(vdir, 0o755); err != nil {
		t.Fatal(err)
	}
	files, err := exec.Command("git", "-C", clone, "ls-files", "-z").Output()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	names := strings.Split(strings.TrimSuffix(string(files), "\x00"), "\x00")
	// A folder with a go.mod of its own (scripts/actionlint, which pins a CI tool) is another
	// module: the go command leaves it out of this module's zip, and so does this one.
	var nested []string
	for _, name := range names {
		if name != "go.mod" && path.Base(name) == "go.mod" {
			nested = append(nested, path.Dir(name)+"/")
		}
	}
	for _, name := range names {
		if slices.ContainsFunc(nested, func(dir string) bool { return strings.HasPrefix(name, dir) }) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(clone, name))
		if err != nil {
			t.Fatal(err)
		}
		w, err := zw.Create(module + "@" + version + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(data); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(clone, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	info := fmt.Sprintf(`{"Version":%q,"Time":%q}`, version, when.Format(time.RFC3339))
	// MODULE/@v/list names no release version, so @latest is asked for at MODULE/@latest: the
	// latest commit, as the proxy answers for a module without tags.
	for path, data := range map[string][]byte{
		filepath.Join(vdir, "list"):           nil,
		filepath.Join(vdir, version+".info"):  []byte(info),
		filepath.Join(vdir, version+".mod"):   gomod,
		filepath.Join(vdir, version+".zip"):   buf.Bytes(),
		filepath.Join(dir, module, "@latest"): []byte(info),
	} {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
