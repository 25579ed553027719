//go:build unix

package consent

import (
	"fmt"
	"os"
	"syscall"
)

// OpenScript opens a script for reading. O_NONBLOCK keeps a FIFO planted at the path from
// hanging the open; it has no effect on regular files, and PinFile refuses anything else.
func OpenScript(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("reading script %s: %w", path, err)
	}
	return f, nil
}
