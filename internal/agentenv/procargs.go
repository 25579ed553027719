package agentenv

import (
	"bytes"
	"encoding/binary"
)

// parseProcargs reads macOS's kern.procargs2 (process_darwin.go): argc (a 32-bit integer), the executable's path, NUL
// padding, then argc NUL-terminated arguments (the environment follows).
func parseProcargs(raw []byte) []string {
	if len(raw) < 4 {
		return nil
	}
	argc := int(binary.LittleEndian.Uint32(raw))
	rest := raw[4:]
	i := bytes.IndexByte(rest, 0)
	if i < 0 {
		return nil
	}
	rest = bytes.TrimLeft(rest[i:], "\x00")
	var args []string
	for len(args) < argc && len(rest) > 0 {
		j := bytes.IndexByte(rest, 0)
		if j < 0 {
			j = len(rest)
		}
		args = append(args, string(rest[:j]))
		rest = rest[min(j+1, len(rest)):]
	}
	return args
}
