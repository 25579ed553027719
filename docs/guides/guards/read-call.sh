# read-call.sh: sourced by the guards in this folder. It reads the call hookctl sends a
# dialect: hookctl script on stdin and sets tool (terminal, read_file, write_file, patch, ...),
# command (tool_input.command), path (tool_input.path) and cwd (the agent's working folder),
# with one jq or python3 process. With neither it blocks: a guard that cannot read the call
# must not allow it.
payload=$(cat)
if command -v jq >/dev/null 2>&1; then
  fields=$(printf '%s' "$payload" | jq -r '
    def s: if . == null then "" elif type == "string" then . else tojson end;
    @sh "tool=\(.tool_name | s) command=\(.tool_input.command? | s) path=\(.tool_input.path? | s) cwd=\(.cwd | s)"')
elif command -v python3 >/dev/null 2>&1; then
  fields=$(printf '%s' "$payload" | python3 -c '
import json, shlex, sys
d = json.load(sys.stdin)
i = d.get("tool_input") if isinstance(d.get("tool_input"), dict) else {}
def s(v): return "" if v is None else v if isinstance(v, str) else json.dumps(v)
print(" ".join("%s=%s" % (k, shlex.quote(s(v))) for k, v in
    (("tool", d.get("tool_name")), ("command", i.get("command")), ("path", i.get("path")), ("cwd", d.get("cwd"))))))')
else
  echo "$guard: neither jq nor python3 is installed, so the call cannot be read" >&2
  exit 2
fi || { echo "$guard: the call is not the JSON hookctl sends" >&2; exit 2; }
eval "$fields"
[ -n "$cwd" ] || cwd=$PWD
