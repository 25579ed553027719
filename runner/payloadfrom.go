package runner

import "io"

// ReadPayloadFrom reads the payload's bytes from file when one is named, else from stdin when it
// is no terminal (asked only then), else none: a person at a terminal gives no payload.
func ReadPayloadFrom(file string, stdin io.Reader, terminal func(io.Reader) bool) ([]byte, error) {
	switch {
	case file != "":
		return ReadPayloadFile(file)
	case !terminal(stdin):
		return ReadBounded(stdin, "stdin")
	}
	return nil, nil
}
