package scripts

import (
	"os"
	"testing"

	"github.com/hookctl/hookctl/internal/testbin"
)

// The example hooks read their payload with `hookctl field`: the tests run them with a hookctl
// built from this tree first on PATH.
func TestMain(m *testing.M) { os.Exit(testbin.RunWithHookctl(m, "../cmd/hookctl")) }
