package server

import (
	"errors"
	"net"

	"golang.org/x/sys/windows"
)

// errRefused is a refused connection as Unix words it.
var errRefused = errors.New("connection refused")

// dialError words a refused connection as on Unix ("dial tcp ADDR: connection refused"),
// where Windows says "No connection could be made because the target machine actively
// refused it": the audit log and hooks test read the same on every system.
func dialError(err error) error {
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Op == "dial" && errors.Is(err, windows.WSAECONNREFUSED) {
		return &net.OpError{Op: "dial", Net: oe.Net, Source: oe.Source, Addr: oe.Addr, Err: errRefused}
	}
	return err
}
