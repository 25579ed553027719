package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLocate(t *testing.T) {
	tests := []struct {
		name       string
		env        map[string]string
		configFlag string
		want       Locations
	}{
		{
			name: "HOME only",
			env:  map[string]string{HomeVar: "/home/u"},
			want: Locations{
				Home:      "/home/u/.agent-hooks",
				Config:    "/home/u/.agent-hooks/config.yaml",
				Allowlist: "/home/u/.agent-hooks/allowlist.json",
			},
		},
		{
			name: "HOOKCTL_HOME beats HOME",
			env:  map[string]string{HomeVar: "/home/u", "HOOKCTL_HOME": "/srv/hooks"},
			want: Locations{Home: "/srv/hooks", Config: "/srv/hooks/config.yaml", Allowlist: "/srv/hooks/allowlist.json"},
		},
		{
			name: "HOOKCTL_HOME without HOME",
			env:  map[string]string{"HOOKCTL_HOME": "/srv/hooks"},
			want: Locations{Home: "/srv/hooks", Config: "/srv/hooks/config.yaml", Allowlist: "/srv/hooks/allowlist.json"},
		},
		{
			name: "HOOKCTL_CONFIG beats the default",
			env:  map[string]string{HomeVar: "/home/u", "HOOKCTL_CONFIG": "/etc/hooks.yaml"},
			want: Locations{Home: "/home/u/.agent-hooks", Config: "/etc/hooks.yaml", Allowlist: "/home/u/.agent-hooks/allowlist.json"},
		},
		{
			name:       "--config beats HOOKCTL_CONFIG",
			env:        map[string]string{HomeVar: "/home/u", "HOOKCTL_CONFIG": "/etc/hooks.yaml"},
			configFlag: "./mine.yaml",
			want:       Locations{Home: "/home/u/.agent-hooks", Config: "./mine.yaml", Allowlist: "/home/u/.agent-hooks/allowlist.json"},
		},
		{
			name: "HOOKCTL_ALLOWLIST beats the default",
			env:  map[string]string{"HOOKCTL_HOME": "/srv/hooks", "HOOKCTL_ALLOWLIST": "/var/lib/allow.json"},
			want: Locations{Home: "/srv/hooks", Config: "/srv/hooks/config.yaml", Allowlist: "/var/lib/allow.json"},
		},
		{
			name: "empty variables count as unset",
			env:  map[string]string{HomeVar: "/home/u", "HOOKCTL_HOME": "", "HOOKCTL_CONFIG": "", "HOOKCTL_ALLOWLIST": ""},
			want: Locations{
				Home:      "/home/u/.agent-hooks",
				Config:    "/home/u/.agent-hooks/config.yaml",
				Allowlist: "/home/u/.agent-hooks/allowlist.json",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Locate(mapEnv(tt.env), tt.configFlag)
			if err != nil {
				t.Fatal(err)
			}
			// Windows joins with \: the same paths.
			slash := func(l Locations) Locations {
				return Locations{Home: filepath.ToSlash(l.Home), Config: filepath.ToSlash(l.Config), Allowlist: filepath.ToSlash(l.Allowlist)}
			}
			if slash(got) != tt.want {
				t.Errorf("Locate\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestLocateNeedsAHome(t *testing.T) {
	for _, env := range []map[string]string{
		{},
		{HomeVar: "", "HOOKCTL_HOME": ""},
		{"HOOKCTL_CONFIG": "/etc/hooks.yaml", "HOOKCTL_ALLOWLIST": "/var/lib/allow.json"},
	} {
		_, err := Locate(mapEnv(env), "/etc/hooks.yaml")
		if err == nil || !strings.Contains(err.Error(), "HOOKCTL_HOME") || !strings.Contains(err.Error(), "HOME") {
			t.Errorf("Locate with %v: error %v, want one that names HOOKCTL_HOME and HOME", env, err)
		}
	}
}

func mapEnv(env map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) {
		v, ok := env[k]
		return v, ok
	}
}

func TestAcceptHooksEnv(t *testing.T) {
	for v, want := range map[string]bool{"1": true, "true": true, " Yes ": true, "ON": true, "0": false, "no": false, "": false, "y": false} {
		lookup := func(k string) (string, bool) { return v, k == "HOOKCTL_ACCEPT_HOOKS" && v != "" }
		if got := AcceptHooksEnv(lookup); got != want {
			t.Errorf("HOOKCTL_ACCEPT_HOOKS=%q: %v, want %v", v, got, want)
		}
	}
	other := func(k string) (string, bool) {
		if k == "HOOKCTL_ACCEPT_HOOKS" {
			return "", false
		}
		return "1", true
	}
	if AcceptHooksEnv(other) {
		t.Error("another variable bypassed consent")
	}
}

// TestLocateHomeVar: the home comes from the platform's own variable (USERPROFILE on Windows,
// as os.UserHomeDir reads it), and on Windows a HOME set by Git Bash moves nothing.
func TestLocateHomeVar(t *testing.T) {
	home := filepath.Join(t.TempDir(), "Jane Doë")
	env := map[string]string{HomeVar: home}
	if HomeVar != "HOME" {
		env["HOME"] = "/c/Users/other"
	}
	got, err := Locate(mapEnv(env), "")
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(home, ".agent-hooks")
	if got.Home != want || got.Allowlist != filepath.Join(want, "allowlist.json") {
		t.Fatalf("Locate with %s=%s: %+v, want the home %s", HomeVar, home, got, want)
	}
}

func TestNamedMissing(t *testing.T) {
	dir := t.TempDir()
	there := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(there, []byte("hooks: {}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	gone := filepath.Join(dir, "gone.yaml")
	env := func(v string) func(string) (string, bool) {
		return func(name string) (string, bool) { return v, name == "HOOKCTL_CONFIG" && v != "" }
	}
	tests := []struct {
		name, config, flag, envConfig, want string
	}{
		{"at the default place, missing", gone, "", "", ""},
		{"named by the flag, missing", gone, gone, "", "the config file " + gone + ", named by --config, does not exist"},
		{"named by the variable, missing", gone, "", gone, "named by HOOKCTL_CONFIG"},
		{"the flag wins over the variable", gone, gone, gone, "named by --config"},
		{"named and there", there, there, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Locations{Config: tt.config}.NamedMissing(tt.flag, env(tt.envConfig))
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("NamedMissing = %v, want nil", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("NamedMissing = %v, want one saying %q", err, tt.want)
			}
		})
	}
}

// TestPinned: a wiring's --home and --allowlist win over the environment's variables, and the
// environment's HOOKCTL_CONFIG is not read; the rest of the environment is.
func TestPinned(t *testing.T) {
	env := map[string]string{"HOOKCTL_HOME": "/agent/home", "HOOKCTL_ALLOWLIST": "/agent/allow.json",
		"HOOKCTL_CONFIG": "/agent/empty.yaml", "HOME": "/home/p"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	tests := []struct {
		name, home, allowlist string
		want                  Locations
	}{
		{"nothing pinned", "", "", Locations{Home: "/agent/home", Config: "/agent/empty.yaml", Allowlist: "/agent/allow.json"}},
		{"a home", "/w/home", "", Locations{Home: "/w/home", Config: filepath.Join("/w/home", ConfigFile), Allowlist: filepath.Join("/w/home", "allowlist.json")}},
		{"a home and an allowlist", "/w/home", "/w/allow.json", Locations{Home: "/w/home", Config: filepath.Join("/w/home", ConfigFile), Allowlist: "/w/allow.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pinned := Pinned(lookup, tt.home, tt.allowlist)
			got, err := Locate(pinned, "")
			if err != nil || got != tt.want {
				t.Errorf("Locate = %+v, %v; want %+v", got, err, tt.want)
			}
			if v, _ := pinned("HOME"); v != "/home/p" {
				t.Errorf("HOME = %q, want the environment's", v)
			}
		})
	}
}
