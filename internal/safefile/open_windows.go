package safefile

import "os"

// openNonBlocking opens path for reading. Windows has no FIFO a plain path can name (its named
// pipes live under \\.\pipe\, and opening one with no server fails at once), so an ordinary
// open cannot hang; Open then refuses anything that is not a regular file.
func openNonBlocking(path string) (*os.File, error) {
	return os.Open(path)
}
