package view

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookctl/hookctl/agent"
	"github.com/hookctl/hookctl/install"
	"github.com/hookctl/hookctl/internal/display"
	"github.com/hookctl/hookctl/internal/termsafe"
	"github.com/hookctl/hookctl/scripts"
)

// reportTone is how a row of install's report reads: an entry written is good news, one kept
// faint, one taken out a warning.
func reportTone(label string) display.Tone {
	switch label {
	case "added", "updated":
		return display.Good
	case "kept":
		return display.Faint
	case "removed":
		return display.Warning
	}
	return display.Plain
}

// WiringReport is what install or uninstall wrote into an agent's settings file (r.Changed):
// the file, a row per entry, the backup kept and the file deleted.
func WiringReport(r install.Report) *display.Doc {
	d := &display.Doc{}
	file := termsafe.String(r.File)
	d.Add(display.Span{Text: r.Agent + ": " + file})
	var rows [][]display.Span
	for _, row := range r.Rows() {
		rows = append(rows, []display.Span{{Text: row.Label, Tone: reportTone(row.Label)}, {Text: row.Event}, {Text: "timeout " + row.Timeout}})
	}
	d.Table("  ", rows)
	if r.Backup != "" {
		d.Add(display.Span{Text: "kept a copy of the file as it was: " + termsafe.String(r.Backup)})
	}
	if r.Deleted {
		d.Add(display.Span{Text: "removed " + file + ": hookctl had created it"})
	}
	return d
}

// ImportDoc is what import added to the config from one file of the agent's: the hooks, not
// approved, those already there, the ones that can block a tool call with the advice for
// guards, and the next steps.
func ImportDoc(r install.ImportResult, name string) *display.Doc {
	d := &display.Doc{}
	file, cfg := termsafe.String(r.File), termsafe.String(r.Config)
	if len(r.Added) == 0 {
		d.Add(display.Span{Text: fmt.Sprintf("nothing to import: %s has no command hooks that %s lacks (%d already there)", file, cfg, len(r.Present))})
		return d
	}
	d.Add(display.Span{Text: fmt.Sprintf("added %d hook(s) from %s to %s, ", len(r.Added), file, cfg)},
		display.Span{Text: "not approved", Tone: display.Warning}, display.Span{Text: ":"})
	rows := make([][]display.Span, len(r.Added))
	for i, h := range r.Added {
		matcher := h.Matcher
		if matcher == "" {
			matcher = "-"
		}
		rows[i] = []display.Span{{Text: h.Event}, {Text: termsafe.String(matcher)}, {Text: termsafe.String(h.Command)}}
	}
	d.Table("  ", rows)
	if len(r.Present) > 0 {
		d.Add(display.Span{Text: fmt.Sprintf("%d hook(s) were already in the config", len(r.Present))})
	}
	if blocking := install.Blocking(r.Added); len(blocking) > 0 {
		d.Blank()
		d.Add(display.Span{Text: "These can block a tool call:"})
		for _, b := range blocking {
			d.Add(display.Span{Text: "  " + termsafe.String(b)})
		}
		addText(d, install.GuardAdvice)
	}
	addText(d, install.ImportNext(name, file))
	return d
}

// addText adds text's lines (ended by a newline, the last's added when missing).
func addText(d *display.Doc, text string) {
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		d.Add(display.Span{Text: line})
	}
}

// InitDoc is what init did with each starter file, and the next steps when it wrote one;
// wrote says whether it did.
func InitDoc(files []scripts.Starter) (d *display.Doc, wrote bool) {
	d = &display.Doc{}
	for _, f := range files {
		if !f.Created {
			d.Add(display.Span{Text: "kept   ", Tone: display.Faint}, display.Span{Text: " " + termsafe.String(f.Path) + " (exists, left as is)"})
			continue
		}
		d.Add(display.Span{Text: "created", Tone: display.Good}, display.Span{Text: " " + termsafe.String(f.Path)})
		wrote = true
	}
	return d, wrote
}

// InitNext are init's next steps once it wrote the starter files into home.
func InitNext(home string) string {
	return fmt.Sprintf(`
Next:
  1. Read the scripts and %s, and keep the hooks you want.
  2. hookctl hooks list              see them and their consent status
  3. hookctl hooks approve --all     approve them once reviewed
  4. hookctl hooks test pre_tool_call
`, termsafe.String(filepath.Join(home, "config.yaml")))
}

// AgentHints names the install command of each agent whose settings folder was found; nil
// when none was.
func AgentHints(hints []install.Hint) *display.Doc {
	if len(hints) == 0 {
		return nil
	}
	rows := make([][]display.Span, len(hints))
	for i, h := range hints {
		rows[i] = []display.Span{{Text: "hookctl install " + h.Agent.Name}, {Text: "wire " + h.Agent.Title + " (" + termsafe.String(h.Dir) + " found)"}}
	}
	d := &display.Doc{}
	d.Blank()
	d.Add(display.Span{Text: "Then make your agents run them:"})
	d.Table("  ", rows)
	return d
}

// NothingToImport is why import found nothing to read for d, given the files it looked for
// (sources, beside the settings file at path), those missing and what it read; "" when it read
// something.
func NothingToImport(d *agent.Dialect, path string, sources, missing []string, results []install.ImportResult) string {
	switch {
	case len(sources) == 1 && len(missing) == 1:
		return fmt.Sprintf("nothing to import: %s has no settings file at %s", d.Title, termsafe.String(missing[0]))
	case len(results) == 0:
		return fmt.Sprintf("nothing to import: %s has no hook files beside %s", d.Title, termsafe.String(path))
	}
	return ""
}
