package main

import "github.com/hookctl/hookctl/view"

// printSystem writes the system level's lines of `hooks list`.
func (a *app) printSystem(sc screen, v *view.System) {
	if v == nil {
		return
	}
	p := a.colors(a.stdout)
	sc.para(cell{"system level: ", p.bold}, "  ", terminalSafe(v.Dir))
	if v.Error != "" {
		sc.para(cell{"  error: ", p.red}, "    ", terminalSafe(v.Error))
		return
	}
	for _, h := range v.Hooks {
		label := cell{"  " + terminalSafe(h.Event) + "  " + terminalSafe(h.Command) + "  in force", p.green}
		if !h.InForce {
			label = cell{"  " + terminalSafe(h.Event) + "  " + terminalSafe(h.Command) + "  not in force: ", p.red}
		}
		sc.para(label, "    ", terminalSafe(h.Why))
	}
}
