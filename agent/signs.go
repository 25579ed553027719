package agent

// Signs are what an agent leaves in the shell its tools run in and in the process tree above
// it, by which hookctl tells it runs inside that agent (internal/agentenv reads them: a
// consent command refuses under any of them). The variables are those the real-agent suite
// recorded in the agent's shell tool (e2e/testdata/shell-env/AGENT.env): only names that say
// "this runs inside the agent"; a name a person also sets in their own shell (CODEX_HOME,
// PAGER) is evidence of nothing.
type Signs struct {
	// Variables are the variables the agent sets in its shell tool's environment.
	Variables []string
	// Programs are the names the agent's executables go by: a process's comm, or the base
	// name of the program or script it runs ("claude").
	Programs []string
	// Packages are the npm packages the agent is run from ("@anthropic-ai/claude-code").
	Packages []string
	// None, when the agent leaves no sign, says why; the lists are then empty.
	None string
}
