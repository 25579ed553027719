// Command hookctl runs the shell hooks configured for an AI agent's lifecycle events.
package main

import (
	"os"
)

func main() {
	os.Exit(Main())
}

// Main runs hookctl with the process's arguments and returns its exit status.
func Main() int {
	app := newApp(os.Stdin, os.Stdout, os.Stderr, os.LookupEnv)
	return app.execute(os.Args[1:])
}
