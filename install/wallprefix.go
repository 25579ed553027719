package install

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
)

// The wall reaches Claude Code through its CLAUDE_CODE_SHELL_PREFIX (SPEC 28.4, docs/wall.md):
// `install claude-code --wall` writes the prefix into the env object of the person's settings,
// and Claude Code then runs each Bash command, and each hook entry written as one command line,
// as `'HOOKCTL' --wall-shell=HOME 'COMMAND'`, behind the wall of HOME.

// ShellPrefixVar is Claude Code's setting that runs every shell command through a prefix.
const ShellPrefixVar = "CLAUDE_CODE_SHELL_PREFIX"

// WallShellFlag is hookctl's flag that runs one command behind the wall of the home it names.
const WallShellFlag = "--wall-shell"

// WallMode says what install does with the wall's prefix in the agent's settings.
type WallMode int

const (
	WallKeep WallMode = iota // leave it as it is (install without --wall or --no-wall)
	WallSet                  // write it (install --wall)
	WallDrop                 // take hookctl's own out (install --no-wall, uninstall)
)

// WallPrefix is the value of CLAUDE_CODE_SHELL_PREFIX that puts Claude Code's commands behind
// the wall of home. Claude Code cuts the prefix at its last " -" into one program and one
// argument and quotes each: a path with a blank, a quote or a character a shell reads cannot
// be carried, and is refused.
func WallPrefix(bin, home string) (string, error) {
	for _, p := range []struct{ what, path string }{{"hookctl's path", bin}, {"the hookctl home", home}} {
		if !filepath.IsAbs(p.path) {
			return "", fmt.Errorf("%s %q is not absolute", p.what, p.path)
		}
		if strings.ContainsAny(p.path, " \t\r\n'\"\\$`") {
			return "", fmt.Errorf("%s %q holds a blank, a quote or a shell character, which Claude Code's %s cannot carry: use a path without them", p.what, p.path, ShellPrefixVar)
		}
	}
	return bin + " " + WallShellFlag + "=" + home, nil
}

// IsWallPrefix reports whether value is a wall prefix install wrote: hookctl's path (its file
// named name) and the --wall-shell flag, nothing else.
func IsWallPrefix(value, name string) bool {
	bin, flag, ok := strings.Cut(value, " "+WallShellFlag+"=")
	return ok && filepath.IsAbs(bin) && filepath.Base(bin) == name && flag != "" && !strings.Contains(flag, " ")
}

// setWall makes the env object's prefix what t.Wall asks: written (WallSet), hookctl's own
// taken out with the env object install created for it (WallDrop), or left (WallKeep). A
// prefix of the person's own is never replaced or taken out.
func (s *settings) setWall(t Target, b backup, r *Report) error {
	env := s.root.get("env")
	switch {
	case t.WallMode == WallKeep || t.WallMode == WallDrop && (s.root.kind != '{' || env != nil && env.kind != '{'):
		return nil
	case s.root.kind != '{':
		return s.problem(s.root, "the file holds %s, not an object", s.root.kindName())
	case env != nil && env.kind != '{':
		return s.problem(env, "env holds %s, not an object", env.kindName())
	}
	var cur *node
	if env != nil {
		cur = env.get(ShellPrefixVar)
	}
	own := cur != nil && cur.kind == '"' && IsWallPrefix(cur.str, t.Name)
	if t.WallMode == WallDrop {
		if !own {
			return nil
		}
		r.Wall = "removed"
		if len(env.items()) == 1 && b.created("env") {
			return s.remove(s.root, s.root.index("env"))
		}
		return s.remove(env, env.index(ShellPrefixVar))
	}
	switch {
	case cur != nil && !own:
		return fmt.Errorf("%s sets env.%s = %s: hookctl does not replace the person's own prefix; remove it, then run the command again",
			t.Path, ShellPrefixVar, s.data[cur.start:cur.end])
	case own && cur.str == t.Wall:
		return nil
	case own:
		r.Wall = "set"
		return s.replace(cur, t.Wall)
	case env == nil:
		r.Wall = "set"
		return s.add(s.root, "env", object{{ShellPrefixVar, t.Wall}})
	}
	r.Wall = "set"
	return s.add(env, ShellPrefixVar, t.Wall)
}

// WallPrefixIn reads the wall's prefix in a Claude Code settings file: the home it walls, ""
// when the file carries no prefix hookctl wrote (the hookctl at a file named name). A missing
// file carries none.
func WallPrefixIn(path, name string) (home string, err error) {
	data, _, err := readSettings(path)
	if err != nil || len(bytes.TrimSpace(data)) == 0 {
		return "", err
	}
	root, err := parseDoc(data)
	if err != nil {
		return "", fmt.Errorf("%s:%w", path, err)
	}
	n := root.get("env").get(ShellPrefixVar)
	if n == nil || n.kind != '"' || !IsWallPrefix(n.str, name) {
		return "", nil
	}
	_, home, _ = strings.Cut(n.str, " "+WallShellFlag+"=")
	return home, nil
}
