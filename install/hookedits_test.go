package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
)

func TestHookEditsChecked(t *testing.T) {
	const start = "# mine\nhooks:\n  pre_tool_call:\n    - command: ./a.sh\n"
	for _, tt := range []struct {
		name    string
		add     *Imported // nil: remove ./a.sh
		wantErr string
		warned  bool
		changed bool
	}{
		{"an entry added", &Imported{Event: "post_tool_call", Command: "./b.sh"}, "", false, true},
		{"an entry the config would drop", &Imported{Event: "pre_tool_call", Command: "./b.sh", Matcher: "("}, "the entry was not added: the config would not load it (problems above)", true, false},
		{"an entry removed", nil, "", false, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.yaml")
			if err := os.WriteFile(path, []byte(start), 0o600); err != nil {
				t.Fatal(err)
			}
			cfg := config.Parse(path, []byte(start), config.Options{})
			warned := false
			var err error
			if tt.add != nil {
				err = AddChecked(path, cfg, config.Options{}, *tt.add, func(string) { warned = true })
			} else {
				_, err = RemoveChecked(path, cfg, config.Options{}, "./a.sh")
			}
			if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.wantErr)) {
				t.Fatalf("error %v, want %q", err, tt.wantErr)
			}
			data, _ := os.ReadFile(path)
			if (string(data) != start) != tt.changed || warned != tt.warned || !strings.HasPrefix(string(data), "# mine\n") {
				t.Errorf("file:\n%s\nwarned %v", data, warned)
			}
		})
	}
}
