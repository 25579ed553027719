package display

import "testing"

func TestCheckColor(t *testing.T) {
	for _, tc := range []struct {
		flag string
		ok   bool
	}{
		{"auto", true}, {"always", true}, {"never", true},
		{"", false}, {"Always", false}, {"yes", false},
	} {
		t.Run(tc.flag, func(t *testing.T) {
			err := CheckColor(tc.flag)
			if (err == nil) != tc.ok {
				t.Errorf("CheckColor(%q) = %v, want ok %v", tc.flag, err, tc.ok)
			}
			if err != nil && err.Error() != `--color must be auto, always or never, not "`+tc.flag+`"` {
				t.Errorf("CheckColor(%q) = %q", tc.flag, err)
			}
		})
	}
}
