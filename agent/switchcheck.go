package agent

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"syscall"

	"github.com/hookctl/hookctl/internal/safefile"
)

// SwitchFinding is one switch file that turns the agent's hooks off, or cannot be judged.
type SwitchFinding struct {
	Agent *Dialect
	File  SwitchFile
	// Path is the file's full path; Shown is how a person is told it: Rel for a project's
	// file, the full path for the user's.
	Path, Shown string
	// Setting is the setting that turned the hooks off ("disableAllHooks"), "" when Err.
	Setting string
	// Err is why the file cannot be judged: not a regular file, too large, not JSON or TOML.
	Err error
}

// Message says what the finding means, for a block, doctor, list and the session notice.
func (f SwitchFinding) Message() string {
	if f.Err != nil {
		return fmt.Sprintf("%s's hook switch file %s cannot be read (%v): its hooks may be switched off, and no guard of yours would run", f.Agent.Title, f.Shown, f.Err)
	}
	return fmt.Sprintf("%s's hooks are switched off in %s (%s): no guard of yours runs", f.Agent.Title, f.Shown, f.Setting)
}

// Fix is the step that undoes it, at the person's own terminal.
func (f SwitchFinding) Fix() string {
	if f.Err != nil {
		return fmt.Sprintf("make %s a readable settings file, or remove it, at your own terminal", f.Shown)
	}
	if f.Agent.Plugin != nil {
		return fmt.Sprintf("run `hookctl install %s` at your own terminal: it writes %s again", f.Agent.Name, f.Shown)
	}
	return fmt.Sprintf("remove the setting from %s at your own terminal", f.Shown)
}

// SwitchedOff checks the agent's switch files: the user's under home, and the project ones
// under each of projects (the agent's working folder and the project's root; "" and repeats
// are skipped). A missing file costs one failed stat; a present one is read (at most
// MaxSwitchFile bytes, never waiting on a FIFO) and judged by the agent's reader. Each file
// that turns the hooks off, or that is there but cannot be judged, is a finding.
func (d *Dialect) SwitchedOff(home string, projects []string, lookupEnv func(string) (string, bool)) []SwitchFinding {
	var out []SwitchFinding
	seen := map[string]bool{}
	sw := d.Switches()
	for _, f := range sw.Files {
		roots := []string{""}
		if f.Layer != LayerUser {
			roots = projects
		}
		for _, root := range roots {
			p := f.Path(home, root, lookupEnv)
			if p == "" || seen[p] {
				continue
			}
			seen[p] = true
			if fd, ok := d.judgeSwitch(sw, f, p); ok {
				out = append(out, fd)
			}
		}
	}
	return out
}

// judgeSwitch reads one switch file; ok is false for a file that is absent or leaves the hooks
// on.
func (d *Dialect) judgeSwitch(sw Switches, f SwitchFile, p string) (SwitchFinding, bool) {
	fd := SwitchFinding{Agent: d, File: f, Path: p, Shown: p}
	if f.Layer != LayerUser {
		fd.Shown = filepath.FromSlash(f.Rel)
	}
	data, _, err := safefile.ReadFile(p, MaxSwitchFile)
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
		// A file where the folder should be: the agent cannot read a switch there either.
		return fd, false
	case errors.Is(err, safefile.ErrNotRegular):
		fd.Err = fmt.Errorf("%w: not a regular file", ErrSwitchUnreadable)
		return fd, true
	case errors.Is(err, safefile.ErrTooLarge):
		fd.Err = fmt.Errorf("%w: larger than %d bytes", ErrSwitchUnreadable, MaxSwitchFile)
		return fd, true
	case err != nil:
		fd.Err = fmt.Errorf("%w: %v", ErrSwitchUnreadable, err)
		return fd, true
	}
	if !sw.mayHold(data) {
		return fd, false
	}
	setting, off, err := sw.Read(data)
	if err != nil {
		fd.Err = fmt.Errorf("%w: %v", ErrSwitchUnreadable, err)
		return fd, true
	}
	fd.Setting = setting
	return fd, off
}

// SwitchPaths are the paths of every switch file of the agent, for the self-guard: the user's
// and those under each of projects.
func (d *Dialect) SwitchPaths(home string, projects []string, lookupEnv func(string) (string, bool)) []string {
	var out []string
	for _, f := range d.Switches().Files {
		roots := []string{""}
		if f.Layer != LayerUser {
			roots = projects
		}
		for _, root := range roots {
			if p := f.Path(home, root, lookupEnv); p != "" && !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}
