package consent

import (
	"errors"
	"fmt"
	"slices"
)

// RevokeDrops is what revoking commands (on event, "" for every event) would drop of the
// recorded guards, for the person to confirm: the guard record's, or, when the record cannot
// be trusted (ErrGuardRecord), the guards the allowlist approved; also (guards the person's
// record remembers of a project) is added. A record that cannot be read at all is an error:
// the revoke that follows then fails on it.
func (s *Store) RevokeDrops(commands []string, event string, also []Guard) ([]Change, error) {
	recorded, err := s.Guards()
	if errors.Is(err, ErrGuardRecord) {
		if list, lerr := s.Load(); lerr == nil {
			recorded, err = list.Guards(), nil
		}
	}
	if err != nil {
		return nil, err
	}
	var out []Change
	for _, g := range RevokedOf(append(recorded, also...), commands, event) {
		out = append(out, Change{Guard: g})
	}
	return out, nil
}

// RevokedOf is the guards of guards that revoking each of commands on event ends (Revoked).
func RevokedOf(guards []Guard, commands []string, event string) []Guard {
	var out []Guard
	for _, c := range commands {
		out = append(out, Revoked(guards, c, event)...)
	}
	return out
}

// RevokeEach revokes the approvals of each command (on event) and says how many went.
func (s *Store) RevokeEach(commands []string, event string) (int, error) {
	total := 0
	for _, c := range commands {
		n, err := s.Revoke(c, event)
		if err != nil {
			return total, err
		}
		total += n
	}
	return total, nil
}

// NoApproval is the failure of a revoke that found nothing of what (the command as the person
// named it, and where), naming the closest approved command, as approve names the closest
// configured one.
func (s *Store) NoApproval(command, what string) error {
	if list, err := s.Load(); err == nil {
		if sug := list.Suggest(command); sug != "" {
			return fmt.Errorf("no approval of %s to revoke: did you mean %q?", what, sug)
		}
	}
	return fmt.Errorf("no approval of %s to revoke", what)
}

// RevokeWhat names what a revoke of command on event (every event for "") takes back.
func RevokeWhat(command, event string) string {
	if event == "" {
		return command
	}
	return command + " on " + event
}

// HasApproval reports whether the allowlist approves command on any event, or cannot be read
// (then it may: a revoke must look).
func (s *Store) HasApproval(command string) bool {
	list, err := s.Load()
	return err != nil || slices.ContainsFunc(list.Approvals, func(ap Approval) bool { return ap.Command == command })
}

// LoadOrNone is the allowlist, or, when it cannot be read, an empty one (nothing approved)
// with the error, for views that go on without it.
func (s *Store) LoadOrNone() (*Allowlist, error) {
	list, err := s.Load()
	if err != nil {
		return &Allowlist{}, err
	}
	return list, nil
}

// LostGuards are the guards the person's record remembers of the project that its own record
// no longer holds (Lost), each of which blocks what it covered.
func (p *Project) LostGuards() []Guard {
	var out []Guard
	for _, gap := range p.Lost {
		out = append(out, gap.Guard)
	}
	return out
}
