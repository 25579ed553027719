package main

// requireProjectVar turns strict mode on wherever hookctl fires hooks (SPEC 27.2, 28.27).
const requireProjectVar = "HOOKCTL_REQUIRE_PROJECT"

// requireProject says whether HOOKCTL_REQUIRE_PROJECT=1 asks for strict mode: a project guard
// not approved in its repository blocks instead of being skipped. It can only tighten, so it
// is read inside an agent too; the wiring's --require-project asks the same of one entry.
func (a *app) requireProject() bool {
	v, _ := a.lookupEnv(requireProjectVar)
	return v == "1"
}
