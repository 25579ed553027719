package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	regular := filepath.Join(dir, "f")
	if err := os.WriteFile(regular, []byte("hello"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []readCase{
		{"regular", regular, 10, nil},
		{"exactly the limit", regular, 5, nil},
		{"above the limit", regular, 4, ErrTooLarge},
		{"missing", filepath.Join(dir, "none"), 10, fs.ErrNotExist},
		{"folder", dir, 10, ErrNotRegular},
	}
	tests = append(tests, specialFiles(t, dir)...)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			done := make(chan struct{})
			var data []byte
			var err error
			go func() {
				data, _, err = ReadFile(tt.path, tt.max)
				close(done)
			}()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("ReadFile hung")
			}
			if tt.want == nil {
				if err != nil || string(data) != "hello" {
					t.Fatalf("got %q, %v", data, err)
				}
				return
			}
			if !errors.Is(err, tt.want) {
				t.Fatalf("error %v, want %v", err, tt.want)
			}
		})
	}
}

type readCase struct {
	name string
	path string
	max  int64
	want error // nil: reads "hello"
}
