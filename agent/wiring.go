package agent

// What install needs of an agent besides its settings file: the shape of that file, the shell
// the agent hands a hook's command to on Windows, its fail-closed switch, and its
// administrator files (SPEC 18.2, 21, 24.5). Each registration holds its own; install turns
// them into entries.

// The shapes of an agent's hook settings (Dialect.Layout, Admin.Layout); install's Layout
// says what each looks like.
const (
	// LayoutGrouped is Claude Code's settings.json (also Codex's hooks.json, Gemini CLI's
	// settings.json): matcher groups holding a "hooks" list.
	LayoutGrouped = "grouped"
	// LayoutFlat is Cursor's hooks.json: "version": 1 and plain entries.
	LayoutFlat = "flat"
	// LayoutCopilot is a Copilot CLI hook file: "version": 1, "bash" (and on Windows
	// "powershell") commands, "timeoutSec".
	LayoutCopilot = "copilot"
	// LayoutWindsurf is Windsurf's hooks.json: plain entries with no timeout.
	LayoutWindsurf = "windsurf"
	// LayoutRequirements is Codex's requirements.toml: inline [[hooks.EVENT]] tables.
	LayoutRequirements = "requirements"
)

// Layouts are the shapes hookctl can write.
var Layouts = []string{LayoutGrouped, LayoutFlat, LayoutCopilot, LayoutWindsurf, LayoutRequirements}

// The shells an agent runs hook commands with on Windows (Dialect.WindowsShell).
const (
	// ShellGitBash is Git for Windows' bash.
	ShellGitBash = "git-bash"
	// ShellPowerShell is PowerShell.
	ShellPowerShell = "powershell"
	// ShellCmd is cmd.exe.
	ShellCmd = "cmd"
)

// Shells are the Windows shells hookctl can quote for.
var Shells = []string{ShellGitBash, ShellPowerShell, ShellCmd}

// FailSwitch is an agent's own "a failed hook blocks" setting on one hook entry (SPEC 24.5):
// with it, a hookctl that is killed, times out or cannot start blocks the call instead of
// letting it through.
type FailSwitch struct {
	// Key and Value are the member the entry carries.
	Key   string
	Value any
	// Since is the agent's first release known to honour it; doctor warns below it, reading
	// the release of the agent's first program (Signs), from its first npm package when it is
	// one. "" when the release cannot be read.
	Since string
	// Proven says a run of the real agent showed the switch blocks: only a proven switch is
	// written by default (SPEC 28.37); the others are built and tested, not wired.
	Proven bool
	// None, when the agent has no such switch, says so and what follows; Key is then "".
	None string
}

// Admin is what hookctl knows of the files an agent reads that only an administrator can
// change (SPEC 18.2), which `install --system` wires.
type Admin struct {
	// Linux and Darwin are the file's paths there; Windows is its path under the ProgramData
	// folder (under Program Files with WindowsProgramFiles), slash-separated. "" where the
	// agent documents none.
	Linux, Darwin, Windows string
	// WindowsProgramFiles says Windows is under the Program Files folder, not ProgramData.
	WindowsProgramFiles bool
	// None, when the agent has no administrator file on any platform, says why.
	None string
	// Layout is the file's shape when it is not the settings file's (Codex's
	// requirements.toml: LayoutRequirements).
	Layout string
	// ManagedOnly is the file's key that makes the agent ignore every hook that is not
	// managed (install --managed-only), "" where the agent has none.
	ManagedOnly string
	// Pin and PinValue are the file's key, and its value, that keep the agent's hooks on
	// whatever the person's own settings say (SPEC 24.3); "" where hookctl writes none there.
	// A top-level key, or OBJECT.KEY for a key of a top-level object (Droid's
	// hooks.hooksDisabled, beside hookctl's entries).
	Pin      string
	PinValue any
}

// File is the administrator file on the system goos ("linux", "darwin", "windows"; on
// Windows relative to ProgramData), "" for none.
func (a Admin) File(goos string) string {
	switch goos {
	case "linux":
		return a.Linux
	case "darwin":
		return a.Darwin
	case "windows":
		return a.Windows
	}
	return ""
}
