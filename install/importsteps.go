package install

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/hookctl/hookctl/agent"
)

// ImportAll imports the command hooks of each of sources that exists (ImportSources) into the
// config at cfgPath, in order; missing names those that are not there, which is not a
// failure: there is simply nothing to bring over from them.
func ImportAll(cfgPath string, sources []string, d *agent.Dialect, lookupEnv func(string) (string, bool)) (results []ImportResult, missing []string, err error) {
	for _, src := range sources {
		if _, err := os.Stat(src); errors.Is(err, fs.ErrNotExist) {
			missing = append(missing, src)
			continue
		}
		r, err := ImportFile(cfgPath, src, d, lookupEnv)
		if err != nil {
			return results, missing, err
		}
		results = append(results, r)
	}
	return results, missing, nil
}

// GuardAdvice follows the list of imported entries that can block a call (Blocking).
const GuardAdvice = `If one is a guard, add "fail_closed: true" to its entry before approving it: then
a failure, an edit or the entry going missing blocks what it covers, instead of
letting the call through.
`

// ImportNext is what the person does after importing from the agent's file, in the order that
// keeps the agent guarded all along.
func ImportNext(agentName, file string) string {
	return fmt.Sprintf(`
Next, in this order (until step 2, hookctl skips the imported hooks, and the originals
are what still guards %[1]s):
  1. Review them and the scripts they run: hookctl hooks list
  2. Approve them: hookctl hooks approve --all
  3. Wire %[1]s to hookctl: hookctl install %[1]s
  4. Only then remove the originals from %[2]s:
     they still run from there, so until then %[1]s runs each twice
`, agentName, file)
}

// ImportJSON is what import --json prints: the one result, or the list when several files were
// read (Copilot CLI's hook files).
func ImportJSON(results []ImportResult) any {
	if len(results) == 1 {
		return results[0]
	}
	return results
}
