// Command release writes hookctl's release files into a folder (make release: dist/): one
// archive per platform (hookctl_VERSION_OS_ARCH.tar.gz, a .zip for Windows; both binaries,
// README.md, LICENSE and CHANGELOG.md), SHA256SUMS, and the npm packages packed with `npm
// pack`: @hookctl/OS-ARCH per platform (both binaries; OS as node names it, win32 for Windows)
// and hookctl, whose command starts the binary of the platform package npm installed
// (lefthook's layout); then, from SHA256SUMS, the Homebrew formula hookctl.rb and the Scoop
// manifest hookctl.json (packaging.go).
//
// Two clean clones of one commit give byte-identical files: the binaries are built with
// -trimpath, no build id, cgo off and fixed GOAMD64/GOARM64 levels, and stamped with the commit
// by the go command; the archives hold their files in a fixed order, owned by 0:0, with fixed
// modes and the commit's time, gzip-compressed with no name and no time (a zip the same way,
// deflated, its entries stamped with the commit's time in UTC); npm pack does the same
// for its tarballs (its fixed 1985 time, sorted files).
//
//	go run ./scripts/release [-dist dist] [-targets linux/amd64,...] [-version V] [-npm=false]
package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"debug/buildinfo"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// The platforms a release is built for, as GOOS/GOARCH.
const defaultTargets = "linux/amd64,linux/arm64,darwin/amd64,darwin/arm64,windows/amd64,windows/arm64"

// The files beside the binaries in every archive and npm package, from the repository's root.
var docs = []string{"README.md", "LICENSE", "CHANGELOG.md"}

//go:embed npm/hookctl.js
var launcher []byte

type options struct {
	root, dist, version string
	targets             []target
	npm                 bool
	stderr              io.Writer
}

type target struct{ goos, goarch string }

func (t target) String() string { return t.goos + "/" + t.goarch }

// npm names the platform as node's process.platform and process.arch do.
func (t target) npm() string { return t.npmOS() + "-" + t.npmArch() }

func (t target) npmOS() string {
	if t.goos == "windows" {
		return "win32"
	}
	return t.goos
}

func (t target) npmArch() string {
	return map[string]string{"amd64": "x64", "arm64": "arm64"}[t.goarch]
}

// exe is the file name of the program name on t.
func (t target) exe(name string) string {
	if t.goos == "windows" {
		return name + ".exe"
	}
	return name
}

// archive is the name of t's release archive.
func (t target) archive(version string) string {
	ext := ".tar.gz"
	if t.goos == "windows" {
		ext = ".zip"
	}
	return fmt.Sprintf("hookctl_%s_%s_%s%s", version, t.goos, t.goarch, ext)
}

func main() {
	var o options
	var targets string
	flag.StringVar(&o.dist, "dist", "dist", "the folder to write (emptied first)")
	flag.StringVar(&targets, "targets", defaultTargets, "GOOS/GOARCH pairs, comma-separated")
	flag.StringVar(&o.version, "version", "", "the version, instead of the one the go command stamps from the commit")
	flag.BoolVar(&o.npm, "npm", true, "pack the npm packages (needs npm)")
	flag.Parse()
	o.stderr = os.Stderr
	var err error
	if o.targets, err = parseTargets(targets); err == nil {
		o.root, err = os.Getwd()
	}
	if err == nil {
		err = release(o)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "release: %v\n", err)
		os.Exit(1)
	}
}

func parseTargets(s string) ([]target, error) {
	var ts []target
	for _, f := range strings.Split(s, ",") {
		goos, goarch, ok := strings.Cut(strings.TrimSpace(f), "/")
		t := target{goos, goarch}
		if !ok || (goos != "linux" && goos != "darwin" && goos != "windows") || (goarch != "amd64" && goarch != "arm64") {
			return nil, fmt.Errorf("target %q: want linux, darwin or windows, amd64 or arm64 (linux/amd64)", f)
		}
		ts = append(ts, t)
	}
	return ts, nil
}

func release(o options) error {
	for _, d := range docs {
		if _, err := os.Stat(filepath.Join(o.root, d)); err != nil {
			return fmt.Errorf("run it from the repository's root: %w", err)
		}
	}
	build, err := os.MkdirTemp("", "hookctl-release-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(build)
	if err := os.RemoveAll(o.dist); err != nil {
		return err
	}
	if err := os.MkdirAll(o.dist, 0o755); err != nil {
		return err
	}

	var version string
	var mtime time.Time
	var sums []string
	for i, t := range o.targets {
		bin := filepath.Join(build, t.goos+"_"+t.goarch)
		if err := buildBinaries(o, t, bin); err != nil {
			return err
		}
		if i == 0 {
			if version, mtime, err = stamp(o, filepath.Join(bin, t.exe("hookctl"))); err != nil {
				return err
			}
			fmt.Fprintf(o.stderr, "release: hookctl %s\n", version)
		}
		name := t.archive(strings.TrimPrefix(version, "v"))
		write := writeArchive
		if t.goos == "windows" {
			write = writeZip
		}
		if err := write(filepath.Join(o.dist, name), o.root, t, bin, mtime); err != nil {
			return fmt.Errorf("writing %s: %w", name, err)
		}
		sums = append(sums, name)
	}
	if o.npm {
		packed, err := packNPM(o, build, strings.TrimPrefix(version, "v"))
		if err != nil {
			return err
		}
		sums = append(sums, packed...)
	}
	if err := writeSums(o.dist, sums); err != nil {
		return err
	}
	if err := writePackaging(o.dist); err != nil {
		return fmt.Errorf("writing the Homebrew formula and the Scoop manifest: %w", err)
	}
	return checkTag(version)
}

// checkTag refuses a release whose stamped version is not RELEASE_TAG, the tag the release
// workflow builds; without RELEASE_TAG (a snapshot: .ci/run) any version goes.
func checkTag(version string) error {
	if tag := os.Getenv("RELEASE_TAG"); tag != "" && tag != version {
		return fmt.Errorf("the build's version is %s, not the tag %s: build the tag's commit from a clean clone", version, tag)
	}
	return nil
}

// buildBinaries builds hookctl and hookctl-serve for t into dir.
func buildBinaries(o options, t target, dir string) error {
	ldflags := "-s -w -buildid="
	if o.version != "" {
		ldflags += " -X main.version=" + o.version
	}
	for _, name := range []string{"hookctl", "hookctl-serve"} {
		// Without -version the stamp is the release's version, so it must be there.
		vcs := "-buildvcs=true"
		if o.version != "" {
			vcs = "-buildvcs=auto"
		}
		cmd := exec.Command("go", "build", "-trimpath", vcs, "-ldflags="+ldflags, "-o", filepath.Join(dir, t.exe(name)), "./cmd/"+name)
		cmd.Dir = o.root
		cmd.Env = append(os.Environ(), "GOOS="+t.goos, "GOARCH="+t.goarch, "CGO_ENABLED=0", "GOAMD64=v1", "GOARM64=v8.0", "GOFLAGS=")
		cmd.Stdout, cmd.Stderr = o.stderr, o.stderr
		fmt.Fprintf(o.stderr, "release: building %s for %s\n", name, t)
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("building %s for %s: %w", name, t, err)
		}
	}
	return nil
}

// stamp reads the version and the commit's time the go command wrote into the binary at path,
// or takes -version (and SOURCE_DATE_EPOCH, else the Unix epoch, as the files' time).
func stamp(o options, path string) (string, time.Time, error) {
	bi, err := buildinfo.ReadFile(path)
	if err != nil {
		return "", time.Time{}, fmt.Errorf("reading the build stamp of %s: %w", path, err)
	}
	if o.version != "" {
		t := time.Unix(0, 0)
		if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
			var sec int64
			if _, err := fmt.Sscan(s, &sec); err != nil {
				return "", time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH %q: %w", s, err)
			}
			t = time.Unix(sec, 0)
		}
		return o.version, t.UTC(), nil
	}
	var vcsTime string
	modified := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.time":
			vcsTime = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if bi.Main.Version == "" || bi.Main.Version == "(devel)" || vcsTime == "" {
		return "", time.Time{}, errors.New("the go command stamped no commit: build from a git clone (a git worktree folder is not recognised), or give -version")
	}
	if modified {
		fmt.Fprintln(o.stderr, "release: warning: the work tree has uncommitted changes; this release is not the commit's")
	}
	t, err := time.Parse(time.RFC3339, vcsTime)
	if err != nil {
		return "", time.Time{}, fmt.Errorf("the stamped commit time %q: %w", vcsTime, err)
	}
	return bi.Main.Version, t.UTC(), nil
}

// entry is one file of an archive.
type entry struct {
	name string
	mode int64
	data []byte
}

// archiveEntries are the files of t's archive, sorted by name: the binaries of binDir, then
// the docs.
func archiveEntries(root string, t target, binDir string) ([]entry, error) {
	var entries []entry
	for _, name := range []string{t.exe("hookctl"), t.exe("hookctl-serve")} {
		data, err := os.ReadFile(filepath.Join(binDir, name))
		if err != nil {
			return nil, err
		}
		entries = append(entries, entry{name, 0o755, data})
	}
	for _, d := range docs {
		data, err := os.ReadFile(filepath.Join(root, d))
		if err != nil {
			return nil, err
		}
		entries = append(entries, entry{d, 0o644, data})
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.name, b.name) })
	return entries, nil
}

// writeZip writes t's archive as a .zip that depends only on the files' bytes and mtime: the
// entries in a fixed order, deflated, with fixed modes and mtime (in UTC) and no other field.
func writeZip(path, root string, t target, binDir string, mtime time.Time) error {
	entries, err := archiveEntries(root, t, binDir)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		hdr := &zip.FileHeader{Name: e.name, Method: zip.Deflate, Modified: mtime.UTC()}
		hdr.SetMode(fs.FileMode(e.mode))
		w, err := zw.CreateHeader(hdr)
		if err != nil {
			return err
		}
		if _, err := w.Write(e.data); err != nil {
			return err
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// writeArchive writes t's archive as a tar.gz that depends only on the files' bytes and
// mtime.
func writeArchive(path, root string, t target, binDir string, mtime time.Time) error {
	entries, err := archiveEntries(root, t, binDir)
	if err != nil {
		return err
	}

	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return err
	}
	// No Name and a zero ModTime: the gzip header holds no file name and no time.
	tw := tar.NewWriter(zw)
	for _, e := range entries {
		hdr := &tar.Header{
			Typeflag: tar.TypeReg, Name: e.name, Mode: e.mode, Size: int64(len(e.data)),
			ModTime: mtime, Uid: 0, Gid: 0, Format: tar.FormatUSTAR,
		}
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		if _, err := tw.Write(e.data); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// packageJSON is the part of package.json the packages set.
type packageJSON struct {
	Name                 string            `json:"name"`
	Version              string            `json:"version"`
	Description          string            `json:"description"`
	License              string            `json:"license"`
	Repository           string            `json:"repository"`
	Homepage             string            `json:"homepage"`
	OS                   []string          `json:"os,omitempty"`
	CPU                  []string          `json:"cpu,omitempty"`
	Bin                  map[string]string `json:"bin,omitempty"`
	Files                []string          `json:"files"`
	OptionalDependencies map[string]string `json:"optionalDependencies,omitempty"`
}

const repository = "https://github.com/hookctl/hookctl"

// packNPM stages and packs the platform packages and the hookctl package into o.dist, and
// returns the names of the .tgz files.
func packNPM(o options, build, version string) ([]string, error) {
	if _, err := exec.LookPath("npm"); err != nil {
		return nil, errors.New("npm is needed to pack the npm packages (or pass -npm=false): " + err.Error())
	}
	var packed []string
	optional := map[string]string{}
	for _, t := range o.targets {
		name := "@hookctl/" + t.npm()
		optional[name] = version
		dir := filepath.Join(build, "npm", t.npm())
		files := map[string]fileSource{}
		for _, b := range []string{t.exe("hookctl"), t.exe("hookctl-serve")} {
			files["bin/"+b] = fileSource{path: filepath.Join(build, t.goos+"_"+t.goarch, b), mode: 0o755}
		}
		pj := packageJSON{
			Name: name, Version: version, License: "MIT", Repository: repository, Homepage: repository,
			Description: fmt.Sprintf("The hookctl and hookctl-serve binaries for %s on %s (installed by the hookctl package).", t.goos, t.npmArch()),
			OS:          []string{t.npmOS()}, CPU: []string{t.npmArch()}, Files: []string{"bin/"},
		}
		tgz, err := stageAndPack(o, dir, pj, files)
		if err != nil {
			return nil, err
		}
		packed = append(packed, tgz)
	}
	pj := packageJSON{
		Name: "hookctl", Version: version, License: "MIT", Repository: repository, Homepage: repository,
		Description: "Run the shell hooks a person attaches to an AI agent's lifecycle events, behind consent.",
		Bin:         map[string]string{"hookctl": "bin/hookctl.js"}, Files: []string{"bin/"},
		OptionalDependencies: optional,
	}
	files := map[string]fileSource{"bin/hookctl.js": {data: launcher, mode: 0o755}}
	tgz, err := stageAndPack(o, filepath.Join(build, "npm", "hookctl"), pj, files)
	if err != nil {
		return nil, err
	}
	return append(packed, tgz), nil
}

type fileSource struct {
	path string // copied from here, else data
	data []byte
	mode os.FileMode
}

// stageAndPack writes a package's folder (package.json, files, README.md, LICENSE and
// CHANGELOG.md) and packs it into o.dist.
func stageAndPack(o options, dir string, pj packageJSON, files map[string]fileSource) (string, error) {
	for _, d := range docs {
		files[d] = fileSource{path: filepath.Join(o.root, d), mode: 0o644}
		pj.Files = append(pj.Files, d)
	}
	manifest, err := json.MarshalIndent(pj, "", "  ")
	if err != nil {
		return "", err
	}
	files["package.json"] = fileSource{data: append(manifest, '\n'), mode: 0o644}
	for name, src := range files {
		data := src.data
		if src.path != "" {
			if data, err = os.ReadFile(src.path); err != nil {
				return "", err
			}
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(p, data, src.mode); err != nil {
			return "", err
		}
	}
	dist, err := filepath.Abs(o.dist)
	if err != nil {
		return "", err
	}
	cmd := exec.Command("npm", "pack", "--json", "--pack-destination", dist)
	cmd.Dir = dir
	// A fresh cache and no update check: packing reads nothing from the network.
	cmd.Env = append(os.Environ(), "npm_config_cache="+filepath.Join(dir, "..", ".npm-cache"), "npm_config_update_notifier=false", "npm_config_fund=false", "npm_config_audit=false")
	cmd.Stderr = o.stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("npm pack of %s: %w", pj.Name, err)
	}
	var res []struct {
		Filename string `json:"filename"`
	}
	if err := json.Unmarshal(out, &res); err != nil || len(res) != 1 {
		return "", fmt.Errorf("npm pack of %s: unexpected output %q", pj.Name, out)
	}
	fmt.Fprintf(o.stderr, "release: packed %s\n", res[0].Filename)
	return res[0].Filename, nil
}

// writeSums writes SHA256SUMS as sha256sum prints it, sorted by name.
func writeSums(dist string, names []string) error {
	slices.Sort(names)
	var b strings.Builder
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(dist, n))
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(sum[:]), n)
	}
	return os.WriteFile(filepath.Join(dist, "SHA256SUMS"), []byte(b.String()), 0o644)
}
