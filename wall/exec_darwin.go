package wall

import (
	"fmt"
	"os"
	"syscall"
)

// sandboxExec is macOS's Seatbelt front end.
const sandboxExec = "/usr/bin/sandbox-exec"

// Detect says whether Seatbelt's sandbox-exec is there (macOS has no Landlock ABI: 0).
func Detect(int) Status {
	if _, err := os.Stat(sandboxExec); err != nil {
		return Status{State: Unavailable, Reason: "no " + sandboxExec + " on this Mac"}
	}
	return Status{State: Up, Lacks: []string{"built only: not yet proven on macOS (SPEC 28.37)"}}
}

// Exec replaces this process with sandbox-exec running the program at path under the wall's
// Seatbelt profile (same PID: sandbox-exec applies the profile and execs in turn).
func Exec(s Set, o Options, path string, argv, env []string) error {
	if st := Detect(0); st.State == Unavailable && !o.BestEffort {
		return &NotUpError{Status: st}
	} else if st.State == Unavailable {
		return syscall.Exec(path, argv, env)
	}
	args := append([]string{sandboxExec, "-p", Profile(Table(s)), path}, argv[1:]...)
	return fmt.Errorf("starting %s: %w", sandboxExec, syscall.Exec(sandboxExec, args, env))
}
