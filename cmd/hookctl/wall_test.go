package main

import "github.com/hookctl/hookctl/wall"

// testPrograms are programs the script tests run besides hookctl, by name (see TestMain).
var testPrograms = map[string]func(){}

// wallUp is the script condition [landlock]: the wall goes up on this machine.
func wallUp() bool { return wall.Detect(0).State != wall.Unavailable }

// beforeMain runs in the script tests' hookctl before Main (wall_linux_test.go sets it).
var beforeMain = func() {}
