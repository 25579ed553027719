package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestReleaseWindows builds the windows/amd64 and windows/arm64 release twice from this tree
// (with -version, so no clone is needed: TestReleaseNPMAndReproducible checks clones on
// linux/amd64, the path every platform takes) and checks what a person on Windows gets: each
// .zip byte for byte the same both times, listed in SHA256SUMS, holding hookctl.exe,
// hookctl-serve.exe (Windows programs for the right machine), README.md, LICENSE and
// CHANGELOG.md; the @hookctl/win32-* packages holding the same binaries for os win32, and the
// hookctl launcher choosing them on win32. With Wine on PATH, hookctl.exe --version runs under
// it; on Windows with PowerShell, the README's PowerShell block runs as written.
func TestReleaseWindows(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hookctl for Windows twice")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("building the release needs the go toolchain on PATH, which Wine's PATH lacks")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	_, npmErr := exec.LookPath("npm")
	const version = "0.0.0-windows"
	targets := []target{{"windows", "amd64"}, {"windows", "arm64"}}
	dists := []string{filepath.Join(t.TempDir(), "dist1"), filepath.Join(t.TempDir(), "dist2")}
	for _, dist := range dists {
		o := options{root: root, dist: dist, version: "v" + version, npm: npmErr == nil, stderr: io.Discard, targets: targets}
		if err := release(o); err != nil {
			t.Fatal(err)
		}
	}
	dist := dists[0]
	sums, err := os.ReadFile(filepath.Join(dist, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"hookctl_" + version + "_windows_amd64.zip", "hookctl_" + version + "_windows_arm64.zip"}
	if npmErr == nil {
		want = append(want, "hookctl-"+version+".tgz", "hookctl-win32-arm64-"+version+".tgz", "hookctl-win32-x64-"+version+".tgz")
	} else {
		t.Log("no npm: the npm packages are not checked")
	}
	var named []string
	for _, line := range strings.Split(strings.TrimSpace(string(sums)), "\n") {
		_, name, _ := strings.Cut(line, "  ")
		named = append(named, name)
	}
	if slices.Sort(want); !slices.Equal(named, want) {
		t.Fatalf("SHA256SUMS names %v, want %v", named, want)
	}
	for _, name := range append(want, "SHA256SUMS") {
		a, _ := os.ReadFile(filepath.Join(dists[0], name))
		b, _ := os.ReadFile(filepath.Join(dists[1], name))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s differs between two builds of one tree (or is empty)", name)
		}
	}
	for _, arch := range []string{"amd64", "arm64"} {
		checkZip(t, filepath.Join(dist, "hookctl_"+version+"_windows_"+arch+".zip"), arch)
	}
	if npmErr == nil {
		for _, arch := range []string{"x64", "arm64"} {
			checkWin32Package(t, filepath.Join(dist, "hookctl-win32-"+arch+"-"+version+".tgz"), arch)
		}
		checkLauncherOnWin32(t, dist, version)
	}
	exe := filepath.Join(t.TempDir(), "hookctl.exe")
	extract(t, filepath.Join(dist, "hookctl_"+version+"_windows_amd64.zip"), "hookctl.exe", exe)
	runUnderWine(t, root, exe, version)
	checkPowerShellInstall(t, root, dist, version)
}

// peMachine is the machine field of the PE header of a Windows program, 0 for a file that is
// none: 0x8664 for amd64, 0xaa64 for arm64.
func peMachine(data []byte) uint16 {
	if len(data) < 0x40 || string(data[:2]) != "MZ" {
		return 0
	}
	off := int(data[0x3c]) | int(data[0x3d])<<8 | int(data[0x3e])<<16 | int(data[0x3f])<<24
	if off+6 > len(data) || string(data[off:off+4]) != "PE\x00\x00" {
		return 0
	}
	return uint16(data[off+4]) | uint16(data[off+5])<<8
}

var machines = map[string]uint16{"amd64": 0x8664, "arm64": 0xaa64, "x64": 0x8664}

func checkZip(t *testing.T, path, arch string) {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
		if f.Modified.IsZero() || f.Method != zip.Deflate {
			t.Errorf("%s: %s has no time or is not deflated", path, f.Name)
		}
		if !strings.HasSuffix(f.Name, ".exe") {
			continue
		}
		rc, _ := f.Open()
		data, _ := io.ReadAll(rc)
		rc.Close()
		if m := peMachine(data); m != machines[arch] {
			t.Errorf("%s: %s is for machine %#x, want %#x (%s)", path, f.Name, m, machines[arch], arch)
		}
	}
	if w := []string{"CHANGELOG.md", "LICENSE", "README.md", "hookctl-serve.exe", "hookctl.exe"}; !slices.Equal(names, w) {
		t.Errorf("%s holds %v, want %v", path, names, w)
	}
}

// tgzFiles reads the files of an npm package.
func tgzFiles(t *testing.T, path string) map[string][]byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	tr := tar.NewReader(zr)
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			return files
		}
		if err != nil {
			t.Fatal(err)
		}
		files[hdr.Name], _ = io.ReadAll(tr)
	}
}

func checkWin32Package(t *testing.T, path, arch string) {
	t.Helper()
	files := tgzFiles(t, path)
	var pj packageJSON
	if err := json.Unmarshal(files["package/package.json"], &pj); err != nil {
		t.Fatalf("%s: package.json: %v", path, err)
	}
	if pj.Name != "@hookctl/win32-"+arch || !slices.Equal(pj.OS, []string{"win32"}) || !slices.Equal(pj.CPU, []string{arch}) {
		t.Errorf("%s: package.json %+v", path, pj)
	}
	for _, name := range []string{"hookctl.exe", "hookctl-serve.exe"} {
		if m := peMachine(files["package/bin/"+name]); m != machines[arch] {
			t.Errorf("%s: bin/%s is for machine %#x, want %#x", path, name, m, machines[arch])
		}
	}
}

// checkLauncherOnWin32 installs the hookctl package and @hookctl/win32-x64 (forced: npm
// installs a package for another os only so) and runs the launcher with node believing it is on
// win32: it must start the package's bin/hookctl.exe, which this system then fails to execute,
// naming it.
func checkLauncherOnWin32(t *testing.T, dist, version string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Log("no node: the launcher is not run")
		return
	}
	tmp := t.TempDir()
	prefix := filepath.Join(tmp, "prefix")
	install := exec.Command("npm", "install", "--offline", "--force", "--no-audit", "--no-fund", "--ignore-scripts", "--prefix", prefix,
		filepath.Join(dist, "hookctl-"+version+".tgz"), filepath.Join(dist, "hookctl-win32-x64-"+version+".tgz"))
	install.Dir = tmp
	install.Env = append(os.Environ(), "npm_config_cache="+filepath.Join(tmp, "npm-cache"), "npm_config_update_notifier=false")
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("npm install --force: %v\n%s", err, out)
	}
	preload := filepath.Join(tmp, "win32.js")
	if err := os.WriteFile(preload, []byte("Object.defineProperty(process, 'platform', { value: 'win32' })\nObject.defineProperty(process, 'arch', { value: 'x64' })\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	launcher := filepath.Join(prefix, "node_modules", "hookctl", "bin", "hookctl.js")
	out, _ := exec.Command(node, "-r", preload, launcher, "--version").CombinedOutput()
	wantBin := filepath.Join("@hookctl", "win32-x64", "bin", "hookctl.exe")
	if !strings.Contains(string(out), wantBin) {
		t.Errorf("the launcher on win32 did not start %s:\n%s", wantBin, out)
	}
}

func extract(t *testing.T, zipPath, name, to string) {
	t.Helper()
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	for _, f := range zr.File {
		if f.Name != name {
			continue
		}
		rc, _ := f.Open()
		data, _ := io.ReadAll(rc)
		rc.Close()
		if err := os.WriteFile(to, data, 0o755); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Fatalf("%s holds no %s", zipPath, name)
}

// runUnderWine runs hookctl.exe --version under Wine, in the prefix scripts/wine-setup.sh makes.
func runUnderWine(t *testing.T, root, exe, version string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		out, err := exec.Command(exe, "--version").CombinedOutput()
		if err != nil || !strings.HasPrefix(string(out), "hookctl version v"+version+" ") {
			t.Errorf("hookctl.exe --version: %v: %q", err, out)
		}
		return
	}
	if _, err := exec.LookPath("wine"); err != nil {
		t.Log("no wine on PATH: hookctl.exe --version is not run (make test-windows installs it)")
		return
	}
	// wine-setup.sh installs what is missing with apt-get: only a machine that has it all
	// already gets a prefix made by a test.
	if _, err := exec.LookPath("x86_64-w64-mingw32-gcc"); err != nil {
		t.Log("no mingw-w64 to build the Wine prefix's bcryptprimitives.dll: hookctl.exe --version is not run (make test-windows installs it)")
		return
	}
	if out, err := exec.Command(filepath.Join(root, "scripts", "wine-setup.sh")).CombinedOutput(); err != nil {
		t.Logf("no Wine prefix that runs Go programs (scripts/wine-setup.sh: %v): hookctl.exe --version is not run\n%s", err, out)
		return
	}
	out, err := exec.Command(filepath.Join(root, "scripts", "wine-exec.sh"), exe, "--version").Output()
	if err != nil || !strings.HasPrefix(string(out), "hookctl version v"+version+" ") {
		t.Errorf("wine hookctl.exe --version: %v: %q", err, out)
	}
}

// checkPowerShellInstall runs the README's PowerShell Install block as written, on Windows with
// PowerShell, in the dist folder, with LOCALAPPDATA a folder of the test's own.
func checkPowerShellInstall(t *testing.T, root, dist, version string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(data), "\n## Install\n")
	section, _, _ = strings.Cut(section, "\n## ")
	blocks := regexp.MustCompile("(?s)```powershell\n(.*?)```").FindAllStringSubmatch(section, -1)
	if len(blocks) != 1 || !strings.Contains(blocks[0][1], "Get-FileHash") || !strings.Contains(blocks[0][1], "Expand-Archive") {
		t.Fatalf("README.md's Install section has %d PowerShell blocks, want one that checks the hash and expands the zip", len(blocks))
	}
	if runtime.GOOS != "windows" {
		t.Log("not on Windows: the README's PowerShell block is not run (under Wine neither: Wine's powershell.exe is a stub)")
		return
	}
	ps, err := exec.LookPath("pwsh.exe")
	if err != nil {
		if ps, err = exec.LookPath("powershell.exe"); err != nil {
			t.Log("no PowerShell on PATH: the README's PowerShell block is not run")
			return
		}
	}
	text := strings.ReplaceAll(blocks[0][1], "VERSION", version)
	cmd := exec.Command(ps, "-NoProfile", "-NonInteractive", "-Command", "$ErrorActionPreference = 'Stop'\n"+text)
	cmd.Dir = dist
	cmd.Env = append(os.Environ(), "LOCALAPPDATA="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "hookctl version v"+version+" ") {
		t.Errorf("the README's PowerShell block: %v\n%s", err, out)
	}
}
