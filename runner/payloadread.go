package runner

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// MaxPayload caps the payload hookctl reads: past it the run is a usage error and nothing more
// is read, so `--payload-file /dev/zero` or a runaway producer cannot exhaust memory.
const MaxPayload = 64 << 20

// ErrPayloadTooLarge marks a payload past MaxPayload: the caller's mistake, a usage error.
var ErrPayloadTooLarge = errors.New("payload too large")

// ReadBounded reads a payload from r, named from, up to MaxPayload; one byte more is an error
// wrapping ErrPayloadTooLarge, and any other error is one of reading.
func ReadBounded(r io.Reader, from string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxPayload+1))
	if err != nil {
		return nil, fmt.Errorf("reading payload from %s: %w", from, err)
	}
	if len(data) > MaxPayload {
		return nil, tooLarge{from}
	}
	return data, nil
}

// ReadPayloadFile reads a payload file, bounded: its size is not trusted (/dev/zero has none).
func ReadPayloadFile(file string) ([]byte, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("reading payload: %w", err)
	}
	defer f.Close()
	return ReadBounded(f, file)
}

// tooLarge is the error of a payload past MaxPayload, read from.
type tooLarge struct{ from string }

func (e tooLarge) Error() string {
	return fmt.Sprintf("the payload from %s is larger than %d MiB; nothing was run", e.from, MaxPayload>>20)
}

func (tooLarge) Is(target error) bool { return target == ErrPayloadTooLarge }
