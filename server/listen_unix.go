//go:build unix

package server

import (
	"net"
	"syscall"
)

// listenPrivate listens on a unix socket at path created with mode 0600: the umask is
// narrowed for the bind, so there is no window with a looser mode.
func listenPrivate(path string) (net.Listener, error) {
	old := syscall.Umask(0o177)
	defer syscall.Umask(old)
	return net.Listen("unix", path)
}

// dialError is the error of a request that could not be sent, as the system words it.
func dialError(err error) error { return err }
