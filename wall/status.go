package wall

import (
	"fmt"

	"github.com/landlock-lsm/go-landlock/landlock"
	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
)

// State is how far the wall goes up on this machine.
type State string

// The states of SPEC 28.12: up at Landlock ABI 6 and later, partial at 3-5 (no signal scope),
// unavailable below 3 (no truncate right: a walled file could be emptied) or with no Landlock.
const (
	Up          State = "up"
	Partial     State = "partial"
	Unavailable State = "unavailable"
)

// MinABI is the first Landlock ABI at which the wall counts as up (partially): truncate.
const MinABI = 3

// Status is what the kernel lets the wall do.
type Status struct {
	// ABI is the Landlock ABI the wall uses (the kernel's, or less when capped); 0 for none.
	ABI   int
	State State
	// Reason says why the wall is unavailable, "" otherwise.
	Reason string
	// Lacks names what the wall cannot refuse at this ABI (partial, or notes when up).
	Lacks []string
}

// Ready says whether the wall goes up as install may wire it (SPEC 28.12, 28.21): up, or
// partial, at Landlock ABI MinABI or later; else why not.
func (s Status) Ready() (ok bool, reason string) {
	switch {
	case s.State == Unavailable:
		return false, s.Reason
	case s.ABI < MinABI:
		return false, "the wall here is built only, not yet proven on this system"
	}
	return true, ""
}

// levels are go-landlock's configurations per ABI, V1 first: a function, so that no command
// copies them at start-up.
func levels() []landlock.Config {
	return []landlock.Config{landlock.V1, landlock.V2, landlock.V3, landlock.V4, landlock.V5, landlock.V6, landlock.V7, landlock.V8, landlock.V9, landlock.V10, landlock.V11}
}

// configAt is what the wall handles at abi (>= 1): go-landlock's level cut to the write side,
// the signal scope and named-socket connects.
func configAt(abi int) landlock.Config {
	all := levels()
	c := all[min(abi, len(all))-1]
	return landlock.Config{HandledAccessFS: c.HandledAccessFS & handled, Scoped: c.Scoped & ll.ScopeSignal}
}

// statusAt is the status for a kernel at abi; reason is why there is none (abi 0).
func statusAt(abi int, reason string) Status {
	s := Status{ABI: abi}
	switch {
	case abi == 0:
		s.State, s.Reason = Unavailable, reason
	case abi < MinABI:
		s.State = Unavailable
		s.Reason = fmt.Sprintf("Landlock ABI %d cannot refuse truncating a walled file (ABI %d can: Linux 6.2)", abi, MinABI)
	case abi < 6:
		s.State = Partial
	default:
		s.State = Up
	}
	if abi < MinABI {
		return s
	}
	c := configAt(abi)
	if c.Scoped&ll.ScopeSignal == 0 {
		s.Lacks = append(s.Lacks, "signals to processes outside the wall (Landlock ABI 6: Linux 6.12)")
	}
	if c.HandledAccessFS&ll.AccessFSResolveUnix == 0 {
		s.Lacks = append(s.Lacks, "connects to named sockets in walled folders (Landlock ABI 9)")
	}
	return s
}
