package main

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// Every command runs every linked package's init before main, and each init's first touch of
// its code is a page fault: hookctl's own packages keep none but the agents' registrations
// (each agent's file registers itself, SPEC 26.1, and builds nothing there) and install's
// command splitter for package agent. A package-level value is lazy.Value, a table an array.
func TestNoInitWorkInHookctlPackages(t *testing.T) {
	if testing.Short() || runtime.GOOS == "windows" {
		t.Skip("builds hookctl and reads its symbols")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go toolchain")
	}
	exe := filepath.Join(t.TempDir(), "hookctl")
	if out, err := exec.Command(goBin, "build", "-buildvcs=false", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(goBin, "tool", "nm", exe).Output()
	if err != nil {
		t.Fatalf("go tool nm: %v", err)
	}
	initSym := regexp.MustCompile(`^github\.com/hookctl/hookctl/(\S+)\.init(\.\d+)?$`)
	allowed := regexp.MustCompile(`^(agent\.init\.\d+|install\.init\.0)$`)
	var registrations int
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || (f[1] != "T" && f[1] != "t") {
			continue
		}
		m := initSym.FindStringSubmatch(f[2])
		if m == nil {
			continue
		}
		name := m[1] + ".init" + m[2]
		if !allowed.MatchString(name) {
			t.Errorf("%s runs at every command's start: make its package-level values lazy.Value or static data", f[2])
		}
		if strings.HasPrefix(name, "agent.init.") {
			registrations++
		}
	}
	if registrations == 0 {
		t.Error("found no agent registration: the symbol names this test reads have changed")
	}
}
