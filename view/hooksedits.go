package view

import (
	"fmt"

	"github.com/hookctl/hookctl/config"
	"github.com/hookctl/hookctl/consent"
	"github.com/hookctl/hookctl/internal/display"
	"github.com/hookctl/hookctl/internal/termsafe"
)

// Approved is what `hooks approve` says it approved: each approval with its script, hash, pin
// and files, then the count and the allowlist written.
func Approved(approved []consent.Approval, allowlist string) *display.Doc {
	d := &display.Doc{}
	for _, ap := range approved {
		d.Add(display.Span{Text: "approved", Tone: display.Good}, display.Span{Text: " " + termsafe.String(ap.Event) + "  " + termsafe.String(ap.Command)})
		if ap.Script != nil {
			d.Add(display.Span{Text: "  script: " + termsafe.String(ap.Script.Path)})
			d.Add(display.Span{Text: "  sha256: " + ap.Script.SHA256})
			if ap.Pin != "" {
				d.Add(display.Span{Text: "  pin:    " + ap.Pin})
			}
		}
		for _, f := range ap.Files {
			d.Add(display.Span{Text: "  file:   " + termsafe.String(f.String())})
		}
	}
	d.Add(display.Span{Text: fmt.Sprintf("%d hook(s) approved in %s", len(approved), termsafe.String(allowlist))})
	return d
}

// ProjectRevoked is what `hooks revoke --project` says it did in the project at root: total
// approvals of what revoked ("" for every one), forgot guards the person's record remembered
// ended.
func ProjectRevoked(what, root string, total, forgot int) *display.Doc {
	d := &display.Doc{}
	if what == "" {
		what = "the project's hooks"
	}
	if total > 0 {
		d.Add(display.Span{Text: fmt.Sprintf("revoked %d approval(s) of %s in the project %s", total, termsafe.String(what), termsafe.String(root))})
	}
	if forgot > 0 {
		d.Add(display.Span{Text: fmt.Sprintf("ended %d guard(s) of the project that its approvals no longer held", forgot)})
	}
	return d
}

// Added is what `hooks add` says of the entry it wrote to the config at path.
func Added(path, event, matcher, command string) *display.Doc {
	d := &display.Doc{}
	d.Add(display.Span{Text: "added to " + termsafe.String(path) + ", "}, display.Span{Text: "not approved", Tone: display.Warning}, display.Span{Text: ":"})
	if matcher == "" {
		matcher = "-"
	}
	d.Table("  ", [][]display.Span{{{Text: event}, {Text: termsafe.String(matcher)}, {Text: termsafe.String(command)}}})
	return d
}

// ApproveLater is what a person is told to run when hooks just written are not approved at
// once: the approve command of each (event, command) pair.
func ApproveLater(hooks [][2]string) *display.Doc {
	d := &display.Doc{}
	d.Add(display.Span{Text: "Review the script, then approve it at your terminal:"})
	for _, h := range hooks {
		d.Add(display.Span{Text: "  " + termsafe.String("hookctl hooks approve "+config.ShellQuote(h[1])+" --event "+h[0])})
	}
	return d
}
