package view

import (
	"fmt"

	"github.com/hookctl/hookctl/doctor"
	"github.com/hookctl/hookctl/internal/display"
)

// doctorIndent is the hanging indent of doctor's paragraphs, under their label.
const doctorIndent = "        "

// doctorLabel is the label that starts a paragraph of a kind (DoctorParas).
func doctorLabel(kind string) display.Span {
	switch kind {
	case ParaError:
		return display.Span{Text: "error   ", Tone: display.Bad}
	case ParaWarning:
		return display.Span{Text: "warning ", Tone: display.Warning}
	case ParaFix:
		return display.Span{Text: doctorIndent + "fix: "}
	case ParaOK:
		return display.Span{Text: "ok      ", Tone: display.Good}
	case ParaWall:
		return display.Span{Text: "wall    "}
	}
	return display.Span{}
}

// DoctorDoc is doctor's report for a terminal of width: each paragraph (DoctorParas) wrapped
// under its label, then the count of problems and warnings, or "all healthy".
func DoctorDoc(r doctor.Report, width int) *display.Doc {
	d := &display.Doc{Width: width}
	for _, para := range DoctorParas(r) {
		hang := doctorIndent
		if para.Kind == ParaFix {
			hang += "     "
		}
		d.Para(doctorLabel(para.Kind), hang, para.Text)
	}
	if warnings := r.Warnings(); r.Problems == 0 && warnings == 0 {
		d.Add(display.Span{Text: "all healthy", Tone: display.Good})
	} else {
		d.Add(display.Span{Text: fmt.Sprintf("%d problem(s), %d warning(s)", r.Problems, warnings)})
	}
	return d
}
