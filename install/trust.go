package install

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/internal/safefile"
)

// copilotConfigs are the files under the home folder where Copilot CLI keeps the folders the
// person trusts (trustedFolders; config.json, and settings.json in newer versions).
var copilotConfigs = []string{".copilot/config.json", ".copilot/settings.json"}

// TrustFindings reports the project hooks an agent will skip because the person has not
// trusted the folder: Copilot CLI runs a repository's .github/hooks only in a trusted folder,
// and silently skips them otherwise.
func TrustFindings(home string, wired []Wiring) []doctor.Finding {
	var out []doctor.Finding
	seen := map[string]bool{}
	for _, w := range wired {
		if w.Agent != "copilot" || w.Scope != "project" || seen[w.File] {
			continue
		}
		seen[w.File] = true
		project := filepath.Dir(filepath.Dir(filepath.Dir(w.File)))
		if copilotTrusts(home, project) {
			continue
		}
		out = append(out, doctor.Finding{Severity: doctor.SeverityWarning, Event: w.Event, Check: "agent_trust",
			Message: fmt.Sprintf("Copilot CLI runs the hooks of %s only in a folder you trust, and %s is not among the trustedFolders of ~/.copilot/config.json: Copilot skips them silently", w.File, project),
			Fix:     "start copilot in " + project + " and trust the folder when it asks"})
	}
	return out
}

// copilotTrusts reports whether dir is, or is inside, a folder Copilot CLI's config trusts.
func copilotTrusts(home, dir string) bool {
	for _, rel := range copilotConfigs {
		data, _, err := safefile.ReadFile(filepath.Join(home, rel), 16<<20)
		if err != nil {
			continue
		}
		var cfg struct {
			Trusted  []string `json:"trustedFolders"`
			Trusted2 []string `json:"trusted_folders"`
		}
		if json.Unmarshal(data, &cfg) != nil {
			continue
		}
		for _, t := range append(cfg.Trusted, cfg.Trusted2...) {
			t = filepath.Clean(t)
			if dir == t || strings.HasPrefix(dir, t+string(filepath.Separator)) {
				return true
			}
		}
	}
	return false
}
