package suggest

import "testing"

func TestUnknown(t *testing.T) {
	paths := []string{"list", "approve", "hooks list"}
	for _, tt := range []struct {
		name, typed, want string
	}{
		{"close to one", "aprove", `unknown command "aprove" for "hookctl hooks": did you mean "approve"?`},
		{"close to none", "zzzzzz", `unknown command "zzzzzz" for "hookctl hooks"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := Unknown(tt.typed, "hookctl hooks", paths); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
