package consent

import "io/fs"

// fileID has no identity to give on Windows (a stat carries no file index), so every file is
// pinned by content.
func fileID(fi fs.FileInfo) (dev, ino uint64, ok bool) { return 0, 0, false }

// onlyRootWrites is false on Windows until the file's access list is read: the person is taken
// to be able to change any file, so each is pinned by content, never by identity.
func onlyRootWrites(fi fs.FileInfo) bool { return false }
