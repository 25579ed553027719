package install

// managedDirKey is the key of Codex's requirements.toml that names the managed hooks' folder
// on Windows.
const managedDirKey = "windows_managed_dir"
