package install

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestRemoveFromConfig(t *testing.T) {
	tests := []struct {
		name, in, command, want string
		events                  []string
	}{
		{
			name: "one entry of two, its comment with it",
			in: `# my hooks
hooks:
  pre_tool_call:
    # keep secrets out
    - matcher: terminal
      command: ./secrets.sh   # the guard
      fail_closed: true

    # no deletes outside
    - command: ./delete.sh
      timeout: 5
  post_tool_call:
    - command: ./log.sh
`,
			command: "./secrets.sh",
			want: `# my hooks
hooks:
  pre_tool_call:

    # no deletes outside
    - command: ./delete.sh
      timeout: 5
  post_tool_call:
    - command: ./log.sh
`,
			events: []string{"pre_tool_call"},
		},
		{
			name: "the last entry of an event takes its key",
			in: `hooks:
  pre_tool_call:
    - command: ./a.sh
  post_tool_call:
    - command: ./log.sh
      timeout: 3
    - command: ./log.sh
audit: true
`,
			command: "./log.sh",
			want: `hooks:
  pre_tool_call:
    - command: ./a.sh
audit: true
`,
			events: []string{"post_tool_call"},
		},
		{
			name:    "under every event, a block scalar whole",
			in:      "hooks:\n  pre_tool_call:\n    - command: ./x.sh\n      matcher: >-\n        terminal|\n        read_file\n    - command: ./y.sh\n  pre_llm_call:\n    - command: ./y.sh\n    - command: ./x.sh\n",
			command: "./x.sh",
			want:    "hooks:\n  pre_tool_call:\n    - command: ./y.sh\n  pre_llm_call:\n    - command: ./y.sh\n",
			events:  []string{"pre_tool_call", "pre_llm_call"},
		},
		{
			name:    "not configured: unchanged",
			in:      "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n",
			command: "./b.sh",
			want:    "hooks:\n  pre_tool_call:\n    - command: ./a.sh\n",
		},
		{
			name:    "CRLF kept",
			in:      "hooks:\r\n  pre_tool_call:\r\n    - command: ./a.sh\r\n    - command: ./b.sh\r\n",
			command: "./a.sh",
			want:    "hooks:\r\n  pre_tool_call:\r\n    - command: ./b.sh\r\n",
			events:  []string{"pre_tool_call"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, events, err := RemoveFromConfig([]byte(tt.in), tt.command)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			if !slices.Equal(events, tt.events) {
				t.Errorf("events = %v, want %v", events, tt.events)
			}
		})
	}
}

func TestRemoveFromConfigRefuses(t *testing.T) {
	for name, in := range map[string]string{
		"flow list":  "hooks:\n  pre_tool_call: [{command: ./a.sh}, {command: ./b.sh}]\n",
		"flow entry": "hooks:\n  pre_tool_call:\n    - {command: ./a.sh}\n    - command: ./b.sh\n",
		"not YAML":   "hooks: [\n",
		"lone CR":    "hooks:\r  pre_tool_call:\r    - command: ./a.sh\r",
	} {
		t.Run(name, func(t *testing.T) {
			if _, _, err := RemoveFromConfig([]byte(in), "./a.sh"); err == nil || strings.Contains(err.Error(), "\n") {
				t.Errorf("err = %v, want a one-line error", err)
			}
		})
	}
}

func TestBackupPath(t *testing.T) {
	dir := t.TempDir()
	beside := Target{Path: filepath.Join(dir, ".claude", "settings.json")}
	if got := beside.BackupPath(); got != beside.Path+BackupSuffix {
		t.Errorf("BackupPath = %s, want beside the file", got)
	}
	a := Target{Path: filepath.Join(dir, "a", ".claude", "settings.json"), BackupDir: filepath.Join(dir, "home", "backups")}
	b := Target{Path: filepath.Join(dir, "b", ".claude", "settings.json"), BackupDir: a.BackupDir}
	if filepath.Dir(a.BackupPath()) != a.BackupDir || !strings.HasSuffix(a.BackupPath(), "-settings.json"+BackupSuffix) {
		t.Errorf("BackupPath = %s, want settings.json's backup in %s", a.BackupPath(), a.BackupDir)
	}
	if a.BackupPath() == b.BackupPath() {
		t.Errorf("two repositories' files share the backup %s", a.BackupPath())
	}
}
