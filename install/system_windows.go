package install

import (
	"path/filepath"

	"github.com/hookctl/hookctl/config"
)

// systemFiles: the administrator files each agent documents for Windows, in the ProgramData
// known folder that holds config.SystemDir (C:\ProgramData on a default install). Copilot CLI
// documents none for Windows: `install --system copilot` says so.
var systemFiles = windowsSystemFiles(filepath.Dir(config.SystemDir))

// managedDirKey is the key of Codex's requirements.toml that names the managed hooks' folder
// on Windows.
const managedDirKey = "windows_managed_dir"
