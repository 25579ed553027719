package install

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/internal/wintest"
)

func TestGeminiTrust(t *testing.T) {
	root := t.TempDir()
	proj := filepath.Join(root, "work", "proj")
	sub := filepath.Join(proj, "sub")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "link")
	if err := os.Symlink(proj, link); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, "trustedFolders.json")
	for _, tc := range []struct {
		name  string
		rules map[string]string
		dir   string
		want  FolderTrust
	}{
		{"no file", nil, proj, FolderUndecided},
		{"the folder", map[string]string{proj: "TRUST_FOLDER"}, proj, FolderTrusted},
		{"under it", map[string]string{proj: "TRUST_FOLDER"}, sub, FolderTrusted},
		{"a sibling is not under it", map[string]string{proj + "x": "TRUST_FOLDER"}, proj, FolderUndecided},
		{"its parent's rule", map[string]string{filepath.Join(root, "work", "other"): "TRUST_PARENT"}, proj, FolderTrusted},
		{"the longest rule wins", map[string]string{root: "TRUST_FOLDER", proj: "DO_NOT_TRUST"}, sub, FolderDistrust},
		{"through a link", map[string]string{proj: "TRUST_FOLDER"}, link, FolderTrusted},
		{"a rule naming the link", map[string]string{link: "TRUST_FOLDER"}, proj, FolderTrusted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := os.Lstat(link); err != nil && strings.Contains(tc.name, "link") {
				wintest.SkipUnderWine(t, "Wine 8's CreateSymbolicLink reports success and makes no link")
			}
			os.Remove(file)
			if tc.rules != nil {
				data, _ := json.Marshal(tc.rules)
				if err := os.WriteFile(file, data, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			got, err := GeminiTrust(file, tc.dir)
			if err != nil || got != tc.want {
				t.Errorf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
	os.WriteFile(file, []byte("{"), 0o600)
	if _, err := GeminiTrust(file, proj); err == nil {
		t.Error("a file that does not parse gave no error")
	}
}
