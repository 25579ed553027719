package config

// SystemDir is the system level's folder (SPEC 18.2), fixed in the binary.
const SystemDir = "/Library/Application Support/AgentHooks"
