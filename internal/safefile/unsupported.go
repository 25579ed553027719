//go:build !linux && !darwin && !windows

package safefile

// hookctl ends each hook's whole process tree: with sessions and process groups on Linux and
// macOS, with Job Objects on Windows (docs/install.md, "Platforms"). Building for any other
// system stops here, with this name as the message, instead of at a missing system call.
const _ = hookctl_runs_on_Linux_macOS_and_Windows_only__see_Platforms_in_docs_install_md
