package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The Homebrew formula (hookctl.rb) and the Scoop manifest (hookctl.json) are written from
// SHA256SUMS alone, after it: each names the release page's URL of its archives and their
// sha256. They are built and checked, not published to a tap or a bucket.

// releaseURL is where the release of version is downloaded: its tag's GitHub release page.
func releaseURL(version string) string {
	return repository + "/releases/download/v" + version + "/"
}

// archiveSum is one archive of SHA256SUMS.
type archiveSum struct {
	name, sum, goos, goarch string
}

// readArchives reads the release's version and its archives from SHA256SUMS's text, keyed by
// GOOS/GOARCH.
func readArchives(sums string) (string, map[string]archiveSum, error) {
	version := ""
	archives := map[string]archiveSum{}
	for i, line := range strings.Split(strings.TrimSuffix(sums, "\n"), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		if !ok || len(sum) != 64 {
			return "", nil, fmt.Errorf("SHA256SUMS:%d: %q is not a sha256 and a file name", i+1, line)
		}
		rest, ok := strings.CutPrefix(name, "hookctl_")
		if !ok {
			continue // an npm package
		}
		rest = strings.TrimSuffix(strings.TrimSuffix(rest, ".tar.gz"), ".zip")
		parts := strings.Split(rest, "_")
		if len(parts) != 3 || version != "" && parts[0] != version {
			return "", nil, fmt.Errorf("SHA256SUMS:%d: %q is not an archive of one version", i+1, name)
		}
		version = parts[0]
		archives[parts[1]+"/"+parts[2]] = archiveSum{name, sum, parts[1], parts[2]}
	}
	if version == "" {
		return "", nil, fmt.Errorf("SHA256SUMS names no archive")
	}
	return version, archives, nil
}

// writePackaging writes hookctl.rb and hookctl.json into dist from its SHA256SUMS.
func writePackaging(dist string) error {
	sums, err := os.ReadFile(filepath.Join(dist, "SHA256SUMS"))
	if err != nil {
		return err
	}
	version, archives, err := readArchives(string(sums))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dist, "hookctl.rb"), formula(version, archives), 0o644); err != nil {
		return err
	}
	manifest, err := scoopManifest(version, archives)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dist, "hookctl.json"), manifest, 0o644)
}

// formula is the Homebrew formula of the macOS and Linux archives there are. The binaries go
// into the formula's libexec, a folder holding hookctl's binaries and nothing else (a guard's
// PATH adds it, SPEC 28.9), linked from bin.
func formula(version string, archives map[string]archiveSum) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Written by make release from SHA256SUMS: the archives of hookctl %s.\n", version)
	fmt.Fprintf(&b, "class Hookctl < Formula\n  desc %q\n  homepage %q\n  version %q\n  license \"MIT\"\n",
		"Runs the hooks attached to AI agents' lifecycle events, behind consent", repository, version)
	for _, sys := range []struct{ goos, block string }{{"darwin", "on_macos"}, {"linux", "on_linux"}} {
		var arches bytes.Buffer
		for _, arch := range []struct{ goarch, block string }{{"arm64", "on_arm"}, {"amd64", "on_intel"}} {
			a, ok := archives[sys.goos+"/"+arch.goarch]
			if !ok {
				continue
			}
			fmt.Fprintf(&arches, "    %s do\n      url %q\n      sha256 %q\n    end\n", arch.block, releaseURL(version)+a.name, a.sum)
		}
		if arches.Len() > 0 {
			fmt.Fprintf(&b, "\n  %s do\n%s  end\n", sys.block, arches.Bytes())
		}
	}
	b.WriteString(`
  def install
    libexec.install "hookctl", "hookctl-serve"
    bin.install_symlink libexec/"hookctl", libexec/"hookctl-serve"
  end

  test do
    assert_match "hookctl version v#{version} ", shell_output("#{bin}/hookctl --version")
  end
end
`)
	return b.Bytes()
}

// scoopManifest is the Scoop manifest of the Windows archives there are.
func scoopManifest(version string, archives map[string]archiveSum) ([]byte, error) {
	type arch struct {
		URL  string `json:"url"`
		Hash string `json:"hash"`
	}
	m := struct {
		Version      string          `json:"version"`
		Description  string          `json:"description"`
		Homepage     string          `json:"homepage"`
		License      string          `json:"license"`
		Architecture map[string]arch `json:"architecture"`
		Bin          []string        `json:"bin"`
	}{
		Version: version, Homepage: repository, License: "MIT", Bin: []string{"hookctl.exe"},
		Description:  "Runs the hooks attached to AI agents' lifecycle events, behind consent.",
		Architecture: map[string]arch{},
	}
	for goarch, key := range map[string]string{"amd64": "64bit", "arm64": "arm64"} {
		if a, ok := archives["windows/"+goarch]; ok {
			m.Architecture[key] = arch{releaseURL(version) + a.name, a.sum}
		}
	}
	out, err := json.MarshalIndent(m, "", "  ")
	return append(out, '\n'), err
}
