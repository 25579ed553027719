package main

import (
	"path/filepath"
	"testing"
)

func TestRemovableHome(t *testing.T) {
	root := filepath.VolumeName(t.TempDir()) + string(filepath.Separator)
	me := filepath.Join(root, "home", "me")
	tests := []struct {
		name, home string
		ok         bool
	}{
		{"hookctl's own folder", filepath.Join(me, ".agent-hooks"), true},
		{"the person's home", me, false},
		{"above the person's home", filepath.Join(root, "home"), false},
		{"the root", root, false},
		{"a sibling", filepath.Join(root, "home", "me2"), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := removableHome(tt.home, me, ""); (err == nil) != tt.ok {
				t.Errorf("removableHome(%s) = %v, want ok %v", tt.home, err, tt.ok)
			}
		})
	}
}
