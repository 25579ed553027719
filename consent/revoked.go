package consent

import (
	"fmt"
	"slices"
)

// RevokedCommands are the commands revoke --project revokes from the project's store s:
// command, or, when "", every one its approvals hold or the person's record remembers as its
// lost guards. None is an error, as is an approvals file that cannot be read when no guard
// was lost.
func (s *Store) RevokedCommands(command string, lost []Guard) ([]string, error) {
	if command != "" {
		return []string{command}, nil
	}
	var commands []string
	list, err := s.Load()
	if err != nil && len(lost) == 0 {
		return nil, err
	}
	if err == nil {
		for _, ap := range list.Approvals {
			commands = append(commands, ap.Command)
		}
	}
	for _, g := range lost {
		commands = append(commands, g.Command)
	}
	slices.Sort(commands)
	commands = slices.Compact(commands)
	if len(commands) == 0 {
		return nil, fmt.Errorf("no approval of the project %s to revoke", s.Root)
	}
	return commands, nil
}
