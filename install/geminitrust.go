package install

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/hookctl/hookctl/internal/safefile"
)

// Gemini CLI runs no hooks in a folder it does not trust. The person's choices are in
// ~/.gemini/trustedFolders.json ($GEMINI_CLI_TRUSTED_FOLDERS_PATH when set; ~ is
// $GEMINI_CLI_HOME when set), an object of folder: level, where TRUST_FOLDER trusts the folder
// and everything under it, TRUST_PARENT its parent folder and everything under that, and
// DO_NOT_TRUST distrusts it; the rule with the longest path that covers a folder decides,
// paths compared with links resolved. This is how Gemini CLI 0.61 reads it
// (isPathTrusted in packages/cli/src/config/trustedFolders.ts).

// GeminiTrustedFolders is where Gemini CLI keeps its trusted folders.
func GeminiTrustedFolders(lookupEnv func(string) (string, bool), home string) string {
	if v, ok := lookupEnv("GEMINI_CLI_TRUSTED_FOLDERS_PATH"); ok && v != "" {
		return v
	}
	if v, ok := lookupEnv("GEMINI_CLI_HOME"); ok && v != "" {
		home = v
	}
	return filepath.Join(home, ".gemini", "trustedFolders.json")
}

// FolderTrust is what Gemini CLI's trusted folders say of one folder.
type FolderTrust string

// The answers of GeminiTrust.
const (
	FolderTrusted   FolderTrust = "trusted"
	FolderDistrust  FolderTrust = "not trusted"     // a DO_NOT_TRUST rule covers it
	FolderUndecided FolderTrust = "not in the list" // no rule covers it: Gemini asks, or under -p runs no hooks
)

// GeminiTrust reads whether Gemini CLI trusts dir, from the trusted folders file at path. A
// missing file decides nothing; one that does not parse is an error (Gemini refuses to start).
func GeminiTrust(path, dir string) (FolderTrust, error) {
	data, _, err := safefile.ReadFile(path, maxSettings)
	if errors.Is(err, fs.ErrNotExist) {
		return FolderUndecided, nil
	}
	if err != nil {
		return FolderUndecided, fmt.Errorf("reading %s: %w", path, err)
	}
	var rules map[string]any
	if err := json.Unmarshal(data, &rules); err != nil {
		return FolderUndecided, fmt.Errorf("%s: %w", path, err)
	}
	dir = realPath(dir)
	longest, level := -1, ""
	for rule, v := range rules {
		lv, _ := v.(string)
		covered := rule
		if lv == "TRUST_PARENT" {
			covered = filepath.Dir(rule)
		}
		if isSubpath(realPath(covered), dir) && len(rule) > longest {
			longest, level = len(rule), lv
		}
	}
	switch level {
	case "TRUST_FOLDER", "TRUST_PARENT":
		return FolderTrusted, nil
	case "DO_NOT_TRUST":
		return FolderDistrust, nil
	}
	return FolderUndecided, nil
}

// realPath is p made absolute with its links resolved, p itself when it cannot be.
func realPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

func isSubpath(parent, child string) bool {
	rel, err := filepath.Rel(parent, child)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
