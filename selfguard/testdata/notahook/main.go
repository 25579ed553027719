// Command notahook is a Go program that is not hookctl, for the self-guard's tests.
package main

import "fmt"

func main() { fmt.Println("not hookctl") }
