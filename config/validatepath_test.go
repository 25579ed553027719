package config

import (
	"os"
	"path/filepath"
	"testing"
)

func TestValidatePath(t *testing.T) {
	dir := t.TempDir()
	exists := filepath.Join(dir, "c.yaml")
	if err := os.WriteFile(exists, []byte("hooks: {}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "none.yaml")
	noEnv := func(string) (string, bool) { return "", false }
	tests := []struct {
		name, file, flag string
		loc              Locations
		want             string
		wantErr          bool
	}{
		{"a file given", exists, "", Locations{Config: missing}, exists, false},
		{"a file given that does not exist", missing, "", Locations{Config: exists}, missing, true},
		{"the default, missing: fine", "", "", Locations{Config: missing}, missing, false},
		{"named by the flag, missing", "", missing, Locations{Config: missing}, missing, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.loc.ValidatePath(tt.file, tt.flag, noEnv)
			if got != tt.want || (err != nil) != tt.wantErr {
				t.Errorf("got %q, %v", got, err)
			}
		})
	}
}
