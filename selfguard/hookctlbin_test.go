package selfguard

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// TestJudgeHookctlUnderAnotherName: a copy of hookctl under another name runs no consent
// command; its other commands, and a Go program that is not hookctl, pass.
func TestJudgeHookctlUnderAnotherName(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hookctl")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("builds hookctl with the go toolchain, which is not on PATH (as under Wine)")
	}
	f := newFixture(t)
	dir := t.TempDir()
	exe := ""
	if runtime.GOOS == "windows" {
		exe = ".exe"
	}
	built := filepath.Join(dir, "hookctl"+exe)
	// As make build builds it.
	cmd := exec.Command("go", "build", "-buildvcs=false", "-trimpath", "-ldflags=-s -w", "-o", built, "github.com/hookctl/hookctl/cmd/hookctl")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	other := filepath.Join(dir, "other"+exe)
	if out, err := exec.Command("go", "build", "-buildvcs=false", "-o", other, "github.com/hookctl/hookctl/selfguard/testdata/notahook").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	b, err := os.ReadFile(built)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(f.proj, "hk"), filepath.Join(f.home, "hk")} {
		if err := os.WriteFile(p, b, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	ob, err := os.ReadFile(other)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(f.proj, "tool"), ob, 0o700); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cmd  string
		deny bool
	}{
		{"./hk install claude-code --accept-hooks", true},
		{"~/hk hooks approve x", true},
		{"$HOME/hk --color never hooks revoke ./guard.sh", true},
		{"cd .. && ./hk uninstall --all", true},
		{"sudo -E env A=1 " + filepath.Join(f.proj, "hk") + " init", true},
		{"./hk hooks auto-accept on", true},
		{"./hk hooks add 'echo x'", true},
		{"./hk hooks remove 'echo x'", true},
		{"./hk import claude-code", true},
		{"./hk --version", false},
		{"./hk hooks list", false},
		{"~/hk doctor", false},
		{"./tool install x", false},
		{"./missing install x", false},
		{"cp ~/hk ./hk2 && ./hk2 --version", false},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			reason, deny := Judge(f.p, f.call("Bash", bash(tt.cmd), ""))
			if deny != tt.deny {
				t.Fatalf("%s: deny %v, want %v (%s)", tt.cmd, deny, tt.deny, reason)
			}
		})
	}
}
