package audit

import (
	"slices"
	"time"

	"github.com/hookctl/hookctl/internal/safefile"
	"github.com/hookctl/hookctl/runner"
)

// RefusalLogs are the logs a refused consent command is written to (SPEC 23.8): first, when
// set, the log of the home in use (first, found under lookupEnv), then that of each of
// alsoHomes (those the agent's wiring names, which the environment may not) that is another
// file, each once: a wiring's home is named by the wiring alone, whatever the environment says.
func RefusalLogs(first *Log, alsoHomes []string) []*Log {
	var logs []*Log
	if first != nil {
		logs = append(logs, first)
	}
	noEnv := func(string) (string, bool) { return "", false }
	for _, h := range alsoHomes {
		if l := ForHome(noEnv, h); !slices.ContainsFunc(logs, func(o *Log) bool { return safefile.SamePath(o.Path, l.Path) }) {
			logs = append(logs, l)
		}
	}
	return logs
}

// RecordRefusal appends the refusal of a consent command (the agent whose sign was seen, the
// reason told the person) to each log; it is written even under `audit: false`, which sits in
// config.yaml, a file the agent can edit. The errors are of the writes that failed: the refusal
// stands all the same.
func RecordRefusal(logs []*Log, agentName, reason string, began time.Time) []error {
	e := Entry{
		Time: time.Now().UTC(), Event: ConsentRefused, Agent: agentName,
		Decision: runner.DecisionBlock, Reason: reason, DurationMS: time.Since(began).Milliseconds(),
	}
	var errs []error
	for _, l := range logs {
		if err := l.Append(e); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}
