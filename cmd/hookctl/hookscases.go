package main

import (
	"fmt"
	"os"

	"github.com/hookctl/hookctl/casetable"
	"github.com/hookctl/hookctl/view"
)

// casesRun is `hooks test --cases FILE`: each case fired as its agent would send it, through
// the stack `hooks test` fires (testStack), and judged; every case is reported.
func (a *app) casesRun(o testOptions) error {
	data, err := readPayloadFile(o.cases)
	if err != nil {
		return err
	}
	cases, err := casetable.Parse(o.cases, data)
	if err != nil {
		return usageErrorf("%w", err)
	}
	s, err := a.session()
	if err != nil {
		return err
	}
	in, stop := a.interrupts(true)
	defer stop()
	fire := a.testStack(s, in)
	failed := 0
	for _, c := range cases {
		why := a.runCase(fire, s, c)
		if why != "" {
			failed++
		}
		fmt.Fprintln(a.stdout, c.Report(o.cases, why))
		if sig := in.received(); sig != 0 {
			return silent(exitInterrupted + sig)
		}
	}
	fmt.Fprintf(a.stdout, "%d cases, %d failed\n", len(cases), failed)
	if failed > 0 {
		return silent(exitFailure)
	}
	return nil
}

// runCase fires one case and says why it fails, "" when it passes.
func (a *app) runCase(fire fireFunc, s *session, c casetable.Case) string {
	cwd, _ := os.Getwd()
	name, r := view.CaseRequest(c, cwd)
	out, err := a.fireTest(fire, s, name, r)
	if err != nil {
		return err.Error()
	}
	return casetable.Judge(c, out.Result)
}

// noArgsWithCases refuses an EVENT beside --cases: a case is a pre_tool_call.
func noArgsWithCases(args []string) error {
	if len(args) > 0 {
		return usageErrorf("hooks test --cases takes no EVENT: each case is a pre_tool_call")
	}
	return nil
}

// fireFunc fires one call through the stack `hooks test` builds.
type fireFunc = view.Fire
