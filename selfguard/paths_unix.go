//go:build unix

package selfguard

import "mvdan.cc/sh/v3/syntax"

// homeVar reports whether $name is the person's home besides $HOME: no other here.
func homeVar(string) bool { return false }

// expandSysHome expands the home's forms of other shells: none here.
func expandSysHome(string, string) (string, bool) { return "", false }

// rootedAbs makes absolute a name the system reads against a drive: none here.
func rootedAbs(string, string) (string, bool) { return "", false }

// rawWord is the word as another shell of the system reads it: none here.
func rawWord(*syntax.Word, string) (string, bool) { return "", false }
