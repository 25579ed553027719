package main

import (
	"strings"
	"testing"
)

func TestStablePath(t *testing.T) {
	for _, tc := range []struct {
		bin           string
		refused, warn bool
	}{
		{"/root/.npm/_npx/5f1c0e2a/node_modules/@hookctl/linux-x64/bin/hookctl", true, false},
		{"/home/me/src/app/node_modules/@hookctl/linux-x64/bin/hookctl", false, true},
		{"/usr/local/lib/node_modules/hookctl/node_modules/@hookctl/linux-x64/bin/hookctl", false, false},
		{"/usr/lib/node_modules/@hookctl/darwin-arm64/bin/hookctl", false, false},
		{"/home/me/go/bin/hookctl", false, false},
	} {
		warning, err := stablePath(tc.bin)
		if (err != nil) != tc.refused || (warning != "") != tc.warn {
			t.Errorf("%s: warning %q, error %v", tc.bin, warning, err)
		}
		if err != nil && !strings.Contains(err.Error(), "npm install -g") {
			t.Errorf("the refusal names no stable install: %v", err)
		}
	}
}
