// Package buildinfo reads what a hookctl binary knows of its own build: the module version, the
// commit and its date the go command stamped into it, and the Go version.
package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// BuildFlag comes first in hookctl-serve's arguments when hookctl runs it, followed by hookctl's
// Stamp: hookctl-serve then refuses to do anything unless the stamp is its own, so that a stale
// or foreign helper never calls url hooks or serves for this hookctl. hookctl does not read the
// helper's file to learn its build: that links debug/elf, whose package initialisation cost
// every run about 5% (the helper, which links net/http, pays nothing measurable to compare).
const BuildFlag = "--build"

// Info is what `hookctl version --json` prints.
type Info struct {
	// Version is the module version: a release tag (v1.2.0) for a build of a tagged commit or
	// for `go install ...@v1.2.0`, else the pseudo-version the go command derives from the
	// commit (v0.0.0-20261125063000-32aff82abcde), with "+dirty" when the work tree had changes.
	Version string `json:"version"`
	// Commit and CommitTime are the VCS stamp (vcs.revision, vcs.time, RFC 3339 UTC): empty for
	// a build made outside a checkout, such as `go install MODULE@VERSION`.
	Commit     string `json:"commit"`
	CommitTime string `json:"commit_time"`
	// Modified reports a work tree with uncommitted changes at build time.
	Modified bool   `json:"modified"`
	Go       string `json:"go"`
	OS       string `json:"os"`
	Arch     string `json:"arch"`
}

// Read returns the running binary's build information. override, when not empty, is the
// version set at link time (-X main.version=...), which wins over the module version.
func Read(override string) Info {
	info := Info{Version: "dev", Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	bi, ok := debug.ReadBuildInfo()
	if ok {
		info = FromBuildInfo(bi)
	}
	if override != "" {
		info.Version = override
	}
	return info
}

// FromBuildInfo reads bi as Read does (bi.GoVersion over the running one, so a test can pass a
// recorded build).
func FromBuildInfo(bi *debug.BuildInfo) Info {
	info := Info{Version: "dev", Go: bi.GoVersion, OS: runtime.GOOS, Arch: runtime.GOARCH}
	if info.Go == "" {
		info.Go = runtime.Version()
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		info.Version = v
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			info.Commit = s.Value
		case "vcs.time":
			info.CommitTime = s.Value
		case "vcs.modified":
			info.Modified = s.Value == "true"
		case "GOOS":
			info.OS = s.Value
		case "GOARCH":
			info.Arch = s.Value
		}
	}
	return info
}

// Stamp names a build: two binaries of one release or one build (make build, go install of one
// version) have the same. It is String: the module version (the link-time one when set), the
// commit and its date, whether its tree was modified, the Go release and the platform.
func (i Info) Stamp() string { return i.String() }

// String is the line of `hookctl --version` after "hookctl version ":
// "v1.2.0 (commit 32aff82abcde, 2026-11-25T06:30:00Z) go1.26.8 linux/amd64".
func (i Info) String() string {
	var b strings.Builder
	b.WriteString(i.Version)
	switch {
	case i.Commit != "":
		commit := i.Commit
		if len(commit) > 12 {
			commit = commit[:12]
		}
		fmt.Fprintf(&b, " (commit %s", commit)
		if i.CommitTime != "" {
			fmt.Fprintf(&b, ", %s", i.CommitTime)
		}
		if i.Modified {
			b.WriteString(", modified")
		}
		b.WriteString(")")
	default:
		b.WriteString(" (no commit stamped)")
	}
	fmt.Fprintf(&b, " %s %s/%s", i.Go, i.OS, i.Arch)
	return b.String()
}
