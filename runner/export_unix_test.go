//go:build unix

package runner

import "time"

// SetTextBusyRetry sets how long a start failing with ETXTBSY is retried and returns the
// function that restores it. Only a test that runs alone may call it.
func SetTextBusyRetry(d time.Duration) (restore func()) {
	old := textBusyRetry
	textBusyRetry = d
	return func() { textBusyRetry = old }
}
