package install

import (
	"path/filepath"
	"testing"
)

func TestTrustPlacesAt(t *testing.T) {
	for _, tt := range []struct {
		name  string
		env   map[string]string
		codex string
	}{
		{"the default Codex home", nil, filepath.Join("/h", ".codex")},
		{"CODEX_HOME", map[string]string{"CODEX_HOME": "/c"}, "/c"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			lookup := func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok }
			got := TrustPlacesAt(lookup, "/h", "/w", "hookctl")
			if got.CodexHome != tt.codex || got.GeminiFolders != GeminiTrustedFolders(lookup, "/h") || got.Dir != "/w" || got.Name != "hookctl" {
				t.Errorf("got %+v", got)
			}
		})
	}
}
