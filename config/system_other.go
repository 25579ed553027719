//go:build !linux && !darwin && !windows

package config

// SystemDir is empty where hookctl has no system level.
const SystemDir = ""

// SystemPath is the PATH a system hook would run with.
const SystemPath = "/usr/sbin:/usr/bin:/sbin:/bin"
