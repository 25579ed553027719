package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/sys/windows"

	"github.com/hookctl/hookctl/internal/safefile"
)

// TestTokenFileAccessList: on Windows a new token file's access list is its owner's and
// SYSTEM's alone, and serve uses it; a token file Everyone may read is refused at start,
// naming the file, who may read it and the icacls fix.
func TestTokenFileAccessList(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "token")
	if err := newTokenFile(mine); err != nil {
		t.Fatal(err)
	}
	if who, err := safefile.OthersMayRead(mine); err != nil || who != "" {
		t.Errorf("a new token file: %q %v, want no one else may read it", who, err)
	}
	if _, err := readToken(mine); err != nil {
		t.Errorf("a new token file is refused: %v", err)
	}

	me, err := safefile.CurrentSID()
	if err != nil {
		t.Fatal(err)
	}
	loose := filepath.Join(dir, "loose")
	sd, err := windows.SecurityDescriptorFromString("D:P(A;;FA;;;" + me + ")(A;;FR;;;WD)")
	if err != nil {
		t.Fatal(err)
	}
	sa := &windows.SecurityAttributes{Length: uint32(unsafe.Sizeof(windows.SecurityAttributes{})), SecurityDescriptor: sd}
	p, _ := windows.UTF16PtrFromString(loose)
	h, err := windows.CreateFile(p, windows.GENERIC_WRITE, 0, sa, windows.CREATE_NEW, windows.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		t.Fatal(err)
	}
	f := os.NewFile(uintptr(h), loose)
	f.WriteString("s3cret\n")
	f.Close()
	_, err = readToken(loose)
	if err == nil || !strings.Contains(err.Error(), loose) || !strings.Contains(err.Error(), "Everyone") || !strings.Contains(err.Error(), "icacls") {
		t.Errorf("a token file Everyone may read: %v, want a refusal naming the file, Everyone and icacls", err)
	}
}
