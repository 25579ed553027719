package consent

import "io/fs"

// checkFile and checkFolder stand for the Unix checks of owner and mode, which mean nothing
// on Windows (a file's mode there is only its read-only flag). There, SPEC 21's rule is read
// from the owner and the DACL: an allowlist, or its folder, that other users may write is
// refused. Until that reading is in place they pass, so the person's own approvals count.
func checkFile(path string, fi fs.FileInfo) error { return nil }

func checkFolder(path string) error { return nil }
