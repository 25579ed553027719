package config

import (
	"errors"
	"path/filepath"
	"slices"
	"testing"
)

func TestWithProjectDir(t *testing.T) {
	wd := filepath.Join(t.TempDir(), "work")
	abs := filepath.Join(t.TempDir(), "proj")
	tests := []struct {
		name, env, dir string
		envSet         bool
		wdErr          error
		want           string // the folder returned, "" for none
		wantVar        string // what the lookup then says of the variable
	}{
		{name: "an absolute folder", dir: abs + string(filepath.Separator) + ".", want: abs, wantVar: abs},
		{name: "no folder: the working one", dir: "", want: wd, wantVar: wd},
		{name: "a relative folder: the working one", dir: "sub", want: wd, wantVar: wd},
		{name: "the environment's wins", env: "/set/by/agent", envSet: true, dir: abs, want: "", wantVar: "/set/by/agent"},
		{name: "an empty variable is not set", env: "", envSet: true, dir: abs, want: abs, wantVar: abs},
		{name: "no working folder", dir: "", wdErr: errors.New("gone"), want: "", wantVar: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lookup := func(name string) (string, bool) {
				if name == ProjectDirVar && tt.envSet {
					return tt.env, true
				}
				if name == "OTHER" {
					return "x", true
				}
				return "", false
			}
			getwd := func() (string, error) { return wd, tt.wdErr }
			got, dir := WithProjectDir(lookup, tt.dir, getwd)
			if dir != tt.want {
				t.Errorf("folder = %q, want %q", dir, tt.want)
			}
			if v, _ := got(ProjectDirVar); v != tt.wantVar {
				t.Errorf("lookup(%s) = %q, want %q", ProjectDirVar, v, tt.wantVar)
			}
			if v, _ := got("OTHER"); v != "x" {
				t.Errorf("lookup(OTHER) = %q, want the environment's", v)
			}
		})
	}
}

func TestWithVar(t *testing.T) {
	tests := []struct {
		name string
		env  []string
		want []string
	}{
		{"added", []string{"A=1"}, []string{"A=1", "P=v"}},
		{"replaced, every earlier setting", []string{"P=old", "A=1", "P=older"}, []string{"A=1", "P=v"}},
		{"a longer name stays", []string{"PX=1"}, []string{"PX=1", "P=v"}},
		{"empty", nil, []string{"P=v"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := WithVar(tt.env, "P", "v"); !slices.Equal(got, tt.want) {
				t.Errorf("WithVar = %q, want %q", got, tt.want)
			}
		})
	}
}
