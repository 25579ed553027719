package runner

import (
	"errors"
	"strings"
	"testing"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
)

func TestOwnProject(t *testing.T) {
	ok := &consent.Project{Root: "/p", Config: &config.Config{Path: "/p/.agent-hooks/config.yaml"}, Store: consent.NewStore("/h/projects/k.json")}
	for _, tc := range []struct {
		name    string
		p       *consent.Project
		want    config.Locations
		wantErr string
	}{
		{name: "a project", p: ok, want: config.Locations{Home: "/h", Config: "/p/.agent-hooks/config.yaml", Allowlist: "/h/projects/k.json"}},
		{name: "no project", wantErr: "/w is in no project: a project is a folder holding .git"},
		{name: "an unreadable config", p: &consent.Project{Root: "/p", ConfigErr: errors.New("config.yaml:3:1: bad")},
			wantErr: "the project's config cannot be read: config.yaml:3:1: bad"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			loc, err := OwnProject(tc.p, "/w", "/h")
			if tc.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.wantErr) {
					t.Fatalf("OwnProject error = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || loc != tc.want {
				t.Fatalf("OwnProject = %+v, %v; want %+v", loc, err, tc.want)
			}
		})
	}
}
