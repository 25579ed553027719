package main

import (
	"errors"
	"fmt"
	"strings"
)

// Exit statuses (README "Exit status").
const (
	exitOK          = 0
	exitFailure     = 1
	exitUsage       = 2
	exitBlocked     = 2
	exitInterrupted = 128 // plus the signal number: 130 for SIGINT, 143 for SIGTERM
)

// exitError carries an exit status. A nil err means the message was already printed.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

func usageErrorf(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

func failuref(format string, args ...any) error {
	return &exitError{code: exitFailure, err: fmt.Errorf(format, args...)}
}

// asExit keeps the status an error was given, and makes any other a failure (exit 1).
func asExit(err error) error {
	var ee *exitError
	if errors.As(err, &ee) {
		return err
	}
	return &exitError{code: exitFailure, err: err}
}

// silent exits with code without printing anything more.
func silent(code int) error { return &exitError{code: code} }

// exitStatus is the one place errors become exit statuses; it prints the error once.
func (a *app) exitStatus(err error) int {
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if !errors.As(err, &ee) {
		// cobra's own errors: unknown commands and flags, wrong argument counts.
		ee = &exitError{code: exitFailure, err: err}
		if isCobraUsageError(err) {
			ee.code = exitUsage
		}
	}
	if ee.err != nil {
		fmt.Fprintf(a.stderr, "hookctl: %s\n", terminalSafeLines(ee.err.Error()))
		if ee.code == exitUsage && isCobraUsageError(ee.err) {
			fmt.Fprintln(a.stderr, "Run 'hookctl --help' for usage.")
		}
	}
	return ee.code
}

func isCobraUsageError(err error) bool {
	msg := err.Error()
	for _, prefix := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "flag needs an argument", "invalid argument", "accepts ", "requires "} {
		if strings.HasPrefix(msg, prefix) {
			return true
		}
	}
	return false
}
