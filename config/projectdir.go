package config

import (
	"path/filepath"
	"strings"
)

// WithProjectDir is lookup with $CLAUDE_PROJECT_DIR (ProjectDirVar) set to dir, as Claude Code
// sets it for its hooks (SPEC 17.12), and the folder it names. A dir that is not absolute ("" included)
// gives way to the working folder (getwd). Where the environment sets the variable already, or
// the working folder is unknown, lookup is returned as it is and the folder is "".
func WithProjectDir(lookup func(string) (string, bool), dir string, getwd func() (string, error)) (func(string) (string, bool), string) {
	if v, ok := lookup(ProjectDirVar); ok && v != "" {
		return lookup, ""
	}
	if !filepath.IsAbs(dir) {
		wd, err := getwd()
		if err != nil {
			return lookup, ""
		}
		dir = wd
	}
	dir = filepath.Clean(dir)
	return func(name string) (string, bool) {
		if name == ProjectDirVar {
			return dir, true
		}
		return lookup(name)
	}, dir
}

// WithVar returns env with name set to value, in place of any earlier setting.
func WithVar(env []string, name, value string) []string {
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if !strings.HasPrefix(kv, name+"=") {
			out = append(out, kv)
		}
	}
	return append(out, name+"="+value)
}
