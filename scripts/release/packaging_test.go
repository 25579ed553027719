package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sumOf is a distinct sha256 for each name: the name's own.
func sumOf(name string) string {
	sum := sha256.Sum256([]byte(name))
	return hex.EncodeToString(sum[:])
}

// TestPackagingFromSums writes the formula and the manifest from a full release's SHA256SUMS
// and checks, as a person reviewing them would, that each archive is named once, by its
// release page URL, beside its own sha256, in the block of its system and architecture.
func TestPackagingFromSums(t *testing.T) {
	const version = "1.4.0"
	var lines []string
	for _, name := range []string{
		"hookctl-1.4.0.tgz", "hookctl-darwin-arm64-1.4.0.tgz",
		"hookctl_1.4.0_darwin_amd64.tar.gz", "hookctl_1.4.0_darwin_arm64.tar.gz",
		"hookctl_1.4.0_linux_amd64.tar.gz", "hookctl_1.4.0_linux_arm64.tar.gz",
		"hookctl_1.4.0_windows_amd64.zip", "hookctl_1.4.0_windows_arm64.zip",
	} {
		lines = append(lines, sumOf(name)+"  "+name)
	}
	dist := t.TempDir()
	if err := os.WriteFile(filepath.Join(dist, "SHA256SUMS"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writePackaging(dist); err != nil {
		t.Fatal(err)
	}
	rb, _ := os.ReadFile(filepath.Join(dist, "hookctl.rb"))
	url := "https://github.com/hookctl/hookctl/releases/download/v1.4.0/"
	for _, tc := range []struct{ system, arch, name string }{
		{"on_macos", "on_arm", "hookctl_1.4.0_darwin_arm64.tar.gz"},
		{"on_macos", "on_intel", "hookctl_1.4.0_darwin_amd64.tar.gz"},
		{"on_linux", "on_arm", "hookctl_1.4.0_linux_arm64.tar.gz"},
		{"on_linux", "on_intel", "hookctl_1.4.0_linux_amd64.tar.gz"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			block := regexp.MustCompile(`(?s)\n  ` + tc.system + ` do\n.*?\n  end\n`).Find(rb)
			want := "    " + tc.arch + " do\n      url \"" + url + tc.name + "\"\n      sha256 \"" + sumOf(tc.name) + "\"\n    end\n"
			if !strings.Contains(string(block), want) {
				t.Errorf("the formula's %s block lacks\n%s\n%s", tc.system, want, rb)
			}
			if n := strings.Count(string(rb), tc.name); n != 1 {
				t.Errorf("the formula names %s %d times", tc.name, n)
			}
		})
	}
	if !strings.Contains(string(rb), "  version \""+version+"\"\n") || strings.Contains(string(rb), "windows") || strings.Contains(string(rb), ".tgz") {
		t.Errorf("the formula:\n%s", rb)
	}
	var m struct {
		Version      string
		Bin          []string
		Architecture map[string]struct{ URL, Hash string }
	}
	data, _ := os.ReadFile(filepath.Join(dist, "hookctl.json"))
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("hookctl.json: %v\n%s", err, data)
	}
	for key, name := range map[string]string{"64bit": "hookctl_1.4.0_windows_amd64.zip", "arm64": "hookctl_1.4.0_windows_arm64.zip"} {
		if a := m.Architecture[key]; a.URL != url+name || a.Hash != sumOf(name) {
			t.Errorf("the manifest's %s is %+v, want %s and %s", key, a, url+name, sumOf(name))
		}
	}
	if m.Version != version || len(m.Architecture) != 2 || strings.Join(m.Bin, ",") != "hookctl.exe" {
		t.Errorf("the manifest:\n%s", data)
	}
}

// A SHA256SUMS that is not a release's is refused, naming its line.
func TestPackagingRefuses(t *testing.T) {
	sum := strings.Repeat("a", 64)
	for _, tc := range []struct{ sums, want string }{
		{"", "SHA256SUMS:1"},
		{sum + " hookctl_1.0.0_linux_amd64.tar.gz\n", "SHA256SUMS:1"},
		{"abc  hookctl_1.0.0_linux_amd64.tar.gz\n", "SHA256SUMS:1"},
		{sum + "  hookctl_1.0.0_linux_amd64.tar.gz\n" + sum + "  hookctl_1.0.1_linux_arm64.tar.gz\n", "SHA256SUMS:2"},
		{sum + "  hookctl_linux_amd64.tar.gz\n", "SHA256SUMS:1"},
		{sum + "  hookctl-1.0.0.tgz\n", "names no archive"},
	} {
		_, _, err := readArchives(tc.sums)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error naming %s", tc.sums, err, tc.want)
		}
	}
}
