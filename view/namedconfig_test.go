package view

import (
	"path/filepath"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/doctor"
)

func TestNamedConfigFindings(t *testing.T) {
	gone := filepath.Join(t.TempDir(), "gone.yaml")
	none := func(string) (string, bool) { return "", false }
	for _, tt := range []struct {
		name, flag string
		errors     int
	}{
		{"at the default place, missing", "", 0},
		{"named by the flag, missing", gone, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := NamedConfigFindings(config.Locations{Config: gone}, tt.flag, none)
			if len(got) != tt.errors || tt.errors > 0 && (got[0].Severity != doctor.SeverityError || got[0].Fix != "check the path, or create it with hookctl init") {
				t.Errorf("got %+v, want %d error(s)", got, tt.errors)
			}
		})
	}
}
