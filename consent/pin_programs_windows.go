package consent

// GuardPATHOn is false: Windows has no folder that root alone writes, so a guard keeps the inherited
// PATH and its programs are not checked beyond its command's files (docs/windows.md).
const GuardPATHOn = false

var guardPathCandidates []string

// RootOnly is false on Windows: see onlyRootWrites.
func RootOnly(string) bool { return false }
