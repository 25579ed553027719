package server

import "net"

// listenPrivate listens on a unix socket at path. Windows has no umask: the socket file takes
// the access list of its folder, which in the person's profile only they (and the system and
// administrators) may open.
func listenPrivate(path string) (net.Listener, error) {
	return net.Listen("unix", path)
}
