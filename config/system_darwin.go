package config

// SystemDir is the system level's folder (SPEC 18.2), fixed in the binary.
const SystemDir = "/Library/Application Support/AgentHooks"

// SystemPath is the PATH a system hook runs with, and the one its bare program names are
// looked up on (SPEC 23.3): only folders root keeps.
const SystemPath = "/usr/sbin:/usr/bin:/sbin:/bin"
