package buildinfo

import (
	"runtime/debug"
	"testing"
)

// A build of a checkout: the go command stamps the pseudo-version and the commit.
const stamped = `go	go1.26.8
path	github.com/hookctl/hookctl/cmd/hookctl
mod	github.com/hookctl/hookctl	v0.0.0-20261125063254-cff5658e1935
build	GOARCH=arm64
build	GOOS=darwin
build	vcs=git
build	vcs.revision=cff5658e19356df49de47548106e4624fe2fd4ba
build	vcs.time=2026-11-25T06:32:54Z
build	vcs.modified=true
`

func TestFromBuildInfo(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
	}{
		{"stamped", stamped, "v0.0.0-20261125063254-cff5658e1935 (commit cff5658e1935, 2026-11-25T06:32:54Z, modified) go1.26.8 darwin/arm64"},
		{"go install of a tag", "go\tgo1.26.8\npath\tgithub.com/hookctl/hookctl/cmd/hookctl\nmod\tgithub.com/hookctl/hookctl\tv1.2.0\th1:x=\nbuild\tGOARCH=amd64\nbuild\tGOOS=linux\n",
			"v1.2.0 (no commit stamped) go1.26.8 linux/amd64"},
		{"devel", "go\tgo1.26.8\npath\tgithub.com/hookctl/hookctl/cmd/hookctl\nmod\tgithub.com/hookctl/hookctl\t(devel)\t\nbuild\tGOARCH=amd64\nbuild\tGOOS=linux\n",
			"dev (no commit stamped) go1.26.8 linux/amd64"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bi, err := debug.ParseBuildInfo(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			if got := FromBuildInfo(bi).String(); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestReadOverride(t *testing.T) {
	if got := Read("v9.9.9").Version; got != "v9.9.9" {
		t.Errorf("the link-time version is not used: %q", got)
	}
}
