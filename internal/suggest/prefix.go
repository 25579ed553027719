package suggest

import (
	"strconv"
	"strings"
)

// DidYouMean is ": did you mean X?" for the first of valid that starts with what was typed
// (claude for claude-code), else the closest (Closest), or "" for none.
func DidYouMean(typed string, valid []string) string {
	s := Closest(typed, valid)
	for _, v := range valid {
		if typed != "" && strings.HasPrefix(v, typed) {
			s = v
			break
		}
	}
	if s == "" {
		return ""
	}
	return ": did you mean " + strconv.Quote(s) + "?"
}
