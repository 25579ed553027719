package agent

import (
	"sort"
	"testing"
)

// FuzzSwitchRead feeds every agent's hooks-off reader arbitrary bytes: none may panic, and the
// needle filter that spares the run path a parse must never pass over a file that switches the
// hooks off (a file Read says is off must be one mayHold would read), or a switch would go
// unseen and the guard fail open.
func FuzzSwitchRead(f *testing.F) {
	for _, seed := range []string{
		`{"disableAllHooks": true}`,
		`{"disableAllHooks": "true"}`,
		`{"disabledHooks": ["x"]}`,
		`{"hooksConfig": {"enabled": false}}`,
		`{"hooksConfig": {"disabled": ["hookctl run --agent gemini"]}}`,
		"// comment\n{\"hooksConfig\": {\"enabled\": false,},}",
		"[features]\nhooks = false\n",
		"profile = \"p\"\n[profiles.p.features]\nhooks = false\n",
		"features.hooks = false\n",
		`{"disable\u0041llHooks": true}`,
		"{", "", "\xff\xfe",
	} {
		f.Add([]byte(seed))
	}
	var names []string
	for name, s := range switchTable() {
		if s.Read != nil {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, name := range names {
			s := switchTable()[name]
			setting, off, err := s.Read(data)
			if off && err == nil && !s.mayHold(data) {
				t.Fatalf("%s: %q switches the hooks off (%s), but the needle filter would not read it", name, data, setting)
			}
		}
	})
}
