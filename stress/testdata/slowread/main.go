// Command slowread is a hostile hook: it reads its stdin one byte per read, pausing every
// kilobyte, copies what it read to the file named by its argument, and blocks the call with a
// message giving the byte count, so a test can check that the whole payload arrived.
package main

import (
	"fmt"
	"io"
	"os"
	"time"
)

func main() {
	var got []byte
	b := make([]byte, 1)
	for {
		n, err := os.Stdin.Read(b)
		got = append(got, b[:n]...)
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if len(got)%1024 == 0 {
			time.Sleep(time.Millisecond)
		}
	}
	if err := os.WriteFile(os.Args[1], got, 0o600); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf(`{"action":"block","message":"read %d bytes"}`+"\n", len(got))
}
