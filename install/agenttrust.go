package install

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/doctor"
)

// TrustPlaces are the agents' own files that record which hooks and folders the person trusts.
type TrustPlaces struct {
	// CodexHome is Codex's folder (CodexHome), whose config.toml records the hooks trusted.
	CodexHome string
	// GeminiFolders is Gemini CLI's trusted folders file (GeminiTrustedFolders).
	GeminiFolders string
	// Dir is the folder an agent would run in: the current one.
	Dir string
	// Name is this hookctl binary's file name, to recognise its entries.
	Name string
}

// CodexTrustFix is what the person does so that Codex runs hookctl's entries.
const CodexTrustFix = "start codex, type /hooks and trust hookctl's entries (Codex skips an untrusted hook without a word)"

// GeminiTrustFix is what the person does so that Gemini CLI runs hooks in dir.
func GeminiTrustFix(dir, file string) string {
	return fmt.Sprintf("start gemini in %s and choose \"Trust folder\", or add %q: \"TRUST_FOLDER\" to %s", dir, dir, file)
}

// CodexUntrusted returns the agent events of hookctl's entries in a Codex hooks file that Codex
// will not run, with why ("not trusted yet", "changed since you trusted it", "turned off").
func CodexUntrusted(p TrustPlaces, file string) ([][2]string, error) {
	entries, err := CodexTrust(p.CodexHome, file, p.Name)
	if err != nil {
		return nil, err
	}
	var out [][2]string
	for _, e := range entries {
		switch e.Trust {
		case TrustUntrusted:
			out = append(out, [2]string{e.AgentEvent, "not trusted yet"})
		case TrustModified:
			out = append(out, [2]string{e.AgentEvent, "changed since it was trusted"})
		case TrustDisabled:
			out = append(out, [2]string{e.AgentEvent, "turned off in /hooks"})
		}
	}
	return out, nil
}

// AgentTrustFindings reports, for the agents wired in wired, what their own files say that keeps
// them from running hookctl: Codex's entries it does not trust (an error: Codex skips them
// silently, so none of their hooks run) and, for Gemini CLI, a current folder it does not
// trust (no hook runs there; an error when the folder's own settings wire Gemini).
func AgentTrustFindings(p TrustPlaces, wired []Wiring) []doctor.Finding {
	var out []doctor.Finding
	var files []string
	gemini, geminiHere := false, false
	for _, w := range wired {
		switch w.Agent {
		case "codex":
			if !slices.Contains(files, w.File) {
				files = append(files, w.File)
			}
		case "gemini":
			gemini = true
			geminiHere = geminiHere || w.Scope == "project"
		}
	}
	for _, file := range files {
		untrusted, err := CodexUntrusted(p, file)
		if err != nil {
			out = append(out, doctor.Finding{Severity: doctor.SeverityWarning, Check: "agent_trust",
				Message: "cannot read which hooks Codex trusts: " + err.Error()})
			continue
		}
		out = append(out, codexTrustFindings(file, untrusted)...)
	}
	if gemini && p.Dir != "" {
		trust, err := GeminiTrust(p.GeminiFolders, p.Dir)
		switch {
		case err != nil:
			out = append(out, doctor.Finding{Severity: doctor.SeverityWarning, Check: "agent_trust",
				Message: "cannot read which folders Gemini CLI trusts: " + err.Error()})
		case trust != FolderTrusted:
			f := doctor.Finding{Severity: doctor.SeverityWarning, Check: "agent_trust",
				Message: fmt.Sprintf("Gemini CLI runs no hooks in %s: the folder is %s in %s", p.Dir, trust, p.GeminiFolders),
				Fix:     GeminiTrustFix(p.Dir, p.GeminiFolders)}
			if geminiHere {
				f.Severity = doctor.SeverityError
			}
			out = append(out, f)
		}
	}
	return out
}

func codexDialect() *agent.Dialect {
	d, _ := agent.Lookup("codex")
	return d
}

// codexTrustFindings says which of hookctl's entries in a Codex hooks file Codex will not run:
// one finding for each reason, naming every entry it holds, so that four untrusted entries
// read as one step to take, not four.
func codexTrustFindings(file string, untrusted [][2]string) []doctor.Finding {
	var out []doctor.Finding
	var reasons []string
	byReason := map[string][]string{}
	for _, u := range untrusted {
		if byReason[u[1]] == nil {
			reasons = append(reasons, u[1])
		}
		byReason[u[1]] = append(byReason[u[1]], u[0])
	}
	for _, reason := range reasons {
		agentEvents := byReason[reason]
		var events []string
		for _, ae := range agentEvents {
			if e := eventOf(codexDialect(), ae); !slices.Contains(events, e) {
				events = append(events, e)
			}
		}
		f := doctor.Finding{Severity: doctor.SeverityError, Check: "agent_trust", Fix: CodexTrustFix}
		if len(agentEvents) == 1 {
			f.Event = events[0]
			f.Message = fmt.Sprintf("Codex does not run hookctl's entry for %s in %s (%s): the %s hooks do not run under Codex", agentEvents[0], file, reason, events[0])
		} else {
			f.Message = fmt.Sprintf("Codex does not run hookctl's entries for %s in %s (%s): the hooks of %s do not run under Codex",
				strings.Join(agentEvents, ", "), file, reason, strings.Join(events, ", "))
		}
		if reason == "turned off in /hooks" {
			f.Severity = doctor.SeverityWarning
			f.Fix = "turn them on again in Codex's /hooks, if you meant them to run"
		}
		out = append(out, f)
	}
	return out
}
