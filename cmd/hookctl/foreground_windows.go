package main

import "os"

// inForeground reports whether tty is a console. Windows has no foreground process group: a
// console is shared by every process attached to it.
func inForeground(tty *os.File) bool { return isattyFd(tty.Fd()) }
