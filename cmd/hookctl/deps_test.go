package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoNetHTTP keeps net/http out of hookctl: its package initialisation made every run 11%
// slower (see cmd/hookctl-serve), so the server and the url client live in hookctl-serve.
func TestNoNetHTTP(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if pkg == "net/http" || strings.HasPrefix(pkg, "github.com/hookctl/hookctl/server") {
			t.Errorf("hookctl links %s", pkg)
		}
	}
}

// TestNoExecutableReaders keeps the readers of executable files out of hookctl: reading
// hookctl-serve's build information with debug/buildinfo linked debug/elf and its
// decompressors, whose package initialisation made every run about 5% slower. hookctl-serve
// checks that it is of hookctl's build itself (buildinfo.BuildFlag).
func TestNoExecutableReaders(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		switch pkg {
		case "debug/buildinfo", "debug/elf", "debug/macho", "debug/pe", "debug/dwarf":
			t.Errorf("hookctl links %s", pkg)
		}
	}
}
