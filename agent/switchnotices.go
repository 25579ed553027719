package agent

// SwitchNotices are the session notices of found, the agent's own switches: the agent may act
// on one only at its next session, and the person hears of it now.
func SwitchNotices(found []SwitchFinding) []string {
	var out []string
	for _, f := range found {
		out = append(out, "hookctl: "+f.Message()+"; "+f.Fix())
	}
	return out
}
