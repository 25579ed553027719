package consent

import (
	"os"
	"testing"
)

// makeSpecial puts at path something that is not a regular file: a folder (Windows has no
// FIFO a plain path can name).
func makeSpecial(t *testing.T, path string) {
	t.Helper()
	if err := os.Mkdir(path, 0o700); err != nil {
		t.Fatal(err)
	}
}
