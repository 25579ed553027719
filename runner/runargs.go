package runner

import (
	"fmt"

	"github.com/hookctl/hookctl/agent"
)

// EventArgs checks the count n of run's arguments: one EVENT, or none when the payload of the
// agent named by agentName (--agent, "" for none) names it. An unknown agent passes, its error
// being the run's. Without --agent nothing is looked up: an unknown name's error, built for
// nothing, cost every run a did-you-mean search.
func EventArgs(agentName string, n int) error {
	if agentName != "" && n <= 1 {
		if d, err := agent.Lookup(agentName); err != nil || d.EventInPayload() {
			return nil
		}
	}
	if n != 1 {
		return fmt.Errorf("run takes exactly one EVENT, got %d arguments", n)
	}
	return nil
}
