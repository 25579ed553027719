// Package e2e is the real-agent suite (make e2e): the agents' own CLIs, at the versions pinned
// in package.json, run against the scripted model of e2e/model with hooks wired through the
// real hookctl, one table of cases for every agent. Its tests build only with the e2e tag and
// run only inside the loopback-only network namespace that e2e/run.sh makes; nothing in cmd/ or
// the library imports this package.
package e2e
