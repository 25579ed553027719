package install

// managedDirKey is the key of Codex's requirements.toml that names the managed hooks' folder
// here.
const managedDirKey = "managed_dir"
