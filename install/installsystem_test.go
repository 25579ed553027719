package install

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/agent"
)

// TestSwitchNotes: what install --system and uninstall --system say of the agent's managed-only
// switch and hooks pin; a dry run says nothing of them, and --managed-only where the agent has
// no switch is a warning.
func TestSwitchNotes(t *testing.T) {
	var switched, bare, pinned *agent.Dialect
	for _, d := range agent.Dialects() {
		switch {
		case switched == nil && d.Admin.ManagedOnly != "":
			switched = d
		case bare == nil && d.Admin.ManagedOnly == "" && d.Admin.Pin == "":
			bare = d
		}
		if pinned == nil && d.Admin.Pin != "" {
			pinned = d
		}
	}
	if switched == nil || bare == nil || pinned == nil {
		t.Skip("no agent of each kind")
	}
	tests := []struct {
		name        string
		d           *agent.Dialect
		r           Report
		managedOnly bool
		warning     string
		lines       []string
	}{
		{"switch set", switched, Report{Switch: "set"}, true, "", []string{"set " + switched.Admin.ManagedOnly + ": " + switched.Title + " now runs no hook but the managed ones"}},
		{"switch set, dry run", switched, Report{Switch: "set", DryRun: true}, true, "", nil},
		{"switch put back", switched, Report{Switch: "restored"}, false, "", []string{"put " + switched.Admin.ManagedOnly + " back as it was before hookctl"}},
		{"no switch to set", bare, Report{}, true, bare.Title + " has no switch that ignores the hooks that are not managed", nil},
		{"nothing asked", bare, Report{}, false, "", nil},
		{"pin set", pinned, Report{Pin: "set"}, false, "", []string{"set " + pinned.Admin.Pin + " to "}},
		{"pin put back", pinned, Report{Pin: "restored"}, false, "", []string{"put " + pinned.Admin.Pin + " back as it was before hookctl"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			warning, lines := SwitchNotes(tt.d, tt.r, tt.managedOnly)
			if tt.warning == "" && warning != "" || !strings.HasPrefix(warning, tt.warning) {
				t.Errorf("warning %q, want %q", warning, tt.warning)
			}
			if len(lines) != len(tt.lines) {
				t.Fatalf("lines %q, want %q", lines, tt.lines)
			}
			for i := range lines {
				if !strings.HasPrefix(lines[i], tt.lines[i]) {
					t.Errorf("line %q, want %q", lines[i], tt.lines[i])
				}
			}
		})
	}
}

// TestRequireRoot: refused to anyone but root, naming the command with sudo.
func TestRequireRoot(t *testing.T) {
	err := RequireRoot("install --system")
	if root := os.Geteuid() == 0; root != (err == nil) {
		t.Fatalf("euid %d: %v", os.Geteuid(), err)
	}
	if err != nil && !strings.Contains(err.Error(), "sudo hookctl install --system") {
		t.Fatalf("refusal %q names no fix", err)
	}
}

// TestCheckSystemBinary: a hookctl in a folder others can write is refused with the fix; one
// that only root can replace is not.
func TestCheckSystemBinary(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("root's files are a Unix notion here")
	}
	bin := filepath.Join(t.TempDir(), "hookctl")
	if err := os.WriteFile(bin, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Dir(bin), 0o777); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, bin, want string
	}{
		{"in a folder anyone can write", bin, "install hookctl where only root can write"},
		{"root's own", "/bin/sh", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckSystemBinary(tt.bin)
			switch {
			case tt.want == "" && err != nil:
				t.Skipf("%s is not root's alone on this machine: %v", tt.bin, err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("CheckSystemBinary = %v, want a refusal saying %q", err, tt.want)
			}
		})
	}
}

// TestCheckSystemWiring: an administrator file is wired only to a hookctl on a stable path
// that only root can replace, from a system config that is there.
func TestCheckSystemWiring(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("root's files are a Unix notion here")
	}
	cfg := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(cfg, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	open := filepath.Join(t.TempDir(), "hookctl")
	if err := os.WriteFile(open, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Dir(open), 0o777); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, bin, cfg, want string
	}{
		{"an npx cache", "/home/p/.npm/_npx/1/node_modules/.bin/hookctl", cfg, "install a stable hookctl first"},
		{"a project's node_modules", "/repo/node_modules/.bin/hookctl", cfg, "node_modules"},
		{"a folder anyone can write", open, cfg, "install hookctl where only root can write"},
		{"no system config", "/bin/sh", filepath.Join(t.TempDir(), "none.yaml"), "there is no system config at"},
		{"root's, with a config", "/bin/sh", cfg, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if CheckSystemBinary("/bin/sh") != nil && strings.HasPrefix(tt.bin, "/bin/") {
				t.Skip("/bin/sh is not root's alone on this machine")
			}
			err := CheckSystemWiring(tt.bin, tt.cfg, "/etc/agent/managed.json")
			switch {
			case tt.want == "" && err != nil:
				t.Fatal(err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("CheckSystemWiring = %v, want %q", err, tt.want)
			}
		})
	}
}
