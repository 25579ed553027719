//go:build !linux && !darwin

package config

// SystemDir is empty where hookctl has no system level yet (Windows: SPEC 21 names
// C:\ProgramData\AgentHooks, through the known-folder API).
const SystemDir = ""
