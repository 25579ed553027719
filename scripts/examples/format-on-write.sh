#!/bin/sh
# post_tool_call hook (matcher: "write_file|patch", dialect: hookctl): formats
# the Python or Go file the agent just wrote (tool_input.path),
# with ruff or black for Python and gofmt for Go. With no formatter installed, it says so on
# stderr and changes nothing.
payload=$(cat)

json_get() {
  if command -v jq >/dev/null 2>&1; then
    printf '%s' "$payload" | jq -r --arg p "$1" 'getpath($p | split(".")) // "" | if type == "string" then . else tojson end' 2>/dev/null
  elif command -v python3 >/dev/null 2>&1; then
    printf '%s' "$payload" | python3 -c '
import json, sys
d = json.load(sys.stdin)
for k in sys.argv[1].split("."):
    d = d.get(k) if isinstance(d, dict) else None
print("" if d is None else d if isinstance(d, str) else json.dumps(d))' "$1" 2>/dev/null
  else
    return 1
  fi
}

if ! file=$(json_get tool_input.path); then
  echo "format-on-write: neither python3 nor jq found; cannot read the payload, nothing formatted" >&2
  echo '{}'
  exit 0
fi
if [ -z "$file" ] || [ ! -f "$file" ]; then
  echo '{}'
  exit 0
fi

case "$file" in
  *.py)
    if command -v ruff >/dev/null 2>&1; then
      ruff format --quiet "$file" >&2
    elif command -v black >/dev/null 2>&1; then
      black --quiet "$file" >&2
    else
      echo "format-on-write: no Python formatter (ruff or black) found; $file left as is" >&2
    fi ;;
  *.go)
    if command -v gofmt >/dev/null 2>&1; then
      gofmt -w "$file" >&2
    else
      echo "format-on-write: gofmt not found; $file left as is" >&2
    fi ;;
esac
echo '{}'
