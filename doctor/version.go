package doctor

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/hookctl/hookctl/internal/lazy"
)

// versionWait bounds the agent's own --version, the last way AgentVersion asks.
const versionWait = 5 * time.Second

var semverOnce lazy.Value[*regexp.Regexp]

// semver finds a release number (2.1.332) in a word or a line of output; compiled at first use,
// as nothing but doctor needs it (hookctl wall -- true links it).
func semver() *regexp.Regexp {
	return semverOnce.Get(func() *regexp.Regexp { return regexp.MustCompile(`\b(\d+)\.(\d+)\.(\d+)\b`) })
}

// AgentVersion returns the release of the agent whose executable is bin on PATH, asking in the
// cheapest way that answers: the package.json of the npm package pkg that holds the executable
// (the link resolved), then the file's own name or folder where an installer names it by its
// release (~/.local/share/claude/versions/2.1.332), and last the agent's own `bin --version`,
// bounded by a few seconds.
func AgentVersion(ctx context.Context, bin, pkg string) (string, error) {
	path, err := exec.LookPath(bin)
	if err != nil {
		return "", fmt.Errorf("%s is not on PATH: %w", bin, err)
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", err
	}
	if v, ok := packageVersion(real, pkg); ok {
		return v, nil
	}
	for _, name := range []string{filepath.Base(real), filepath.Base(filepath.Dir(real))} {
		if m := semver().FindString(name); m != "" && m == strings.TrimPrefix(name, "v") {
			return m, nil
		}
	}
	ctx, cancel := context.WithTimeout(ctx, versionWait)
	defer cancel()
	cmd := exec.CommandContext(ctx, real, "--version")
	cmd.Stdin = nil
	var out bytes.Buffer
	cmd.Stdout = &limited{w: &out, n: 4096}
	cmd.WaitDelay = time.Second
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%s --version: %w", bin, err)
	}
	if m := semver().FindString(out.String()); m != "" {
		return m, nil
	}
	return "", errors.New(bin + " --version printed no release number")
}

// packageVersion reads the version of the npm package pkg from the package.json of a folder
// holding the executable at path (up to three folders up).
func packageVersion(path, pkg string) (string, bool) {
	dir := filepath.Dir(path)
	for range 3 {
		data, err := os.ReadFile(filepath.Join(dir, "package.json"))
		if err == nil {
			var p struct{ Name, Version string }
			if json.Unmarshal(data, &p) == nil && p.Name == pkg && semver().MatchString(p.Version) {
				return semver().FindString(p.Version), true
			}
		}
		dir = filepath.Dir(dir)
	}
	return "", false
}

// limited writes at most n bytes to w and drops the rest.
type limited struct {
	w io.Writer
	n int
}

func (l *limited) Write(p []byte) (int, error) {
	if l.n > 0 {
		k := min(len(p), l.n)
		l.n -= k
		if _, err := l.w.Write(p[:k]); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// OlderRelease reports whether release a comes before release b (both as 2.1.332); a release
// it cannot read counts as older, so the warning it guards is given.
func OlderRelease(a, b string) bool {
	x, y := semver().FindStringSubmatch(a), semver().FindStringSubmatch(b)
	if x == nil || y == nil {
		return true
	}
	for i := 1; i <= 3; i++ {
		p, _ := strconv.Atoi(x[i])
		q, _ := strconv.Atoi(y[i])
		if p != q {
			return p < q
		}
	}
	return false
}

// FailSwitchFinding is doctor's word on an agent whose release is below since, the first with
// its "a failed hook blocks" switch (SPEC 24.5, 28.11): without it the agent reads a killed or
// timed-out hookctl as "go on". version "" (not found) says nothing.
func FailSwitchFinding(title, version, since, key string) *Finding {
	if version == "" || !OlderRelease(version, since) {
		return nil
	}
	return &Finding{Severity: SeverityWarning, Check: "agent_version",
		Message: fmt.Sprintf("%s %s has no %s switch: a killed or timed-out hookctl lets the call through", title, version, key),
		Fix:     fmt.Sprintf("upgrade %s to %s or later", title, since)}
}
