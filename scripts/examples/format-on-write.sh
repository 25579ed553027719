#!/bin/sh
# post_tool_call hook (matcher: "write_file|patch", dialect: hookctl): formats
# the Python or Go file the agent just wrote (tool_input.path),
# with ruff or black for Python and gofmt for Go. With no formatter installed, it says so on
# stderr and changes nothing.
payload=$(cat)

# json_get PATH: the payload's field, read by hookctl itself (no jq or python3 needed).
json_get() {
  command -v hookctl >/dev/null 2>&1 || return 1
  printf '%s' "$payload" | hookctl field "$1" 2>/dev/null
}

if ! file=$(json_get tool_input.path); then
  echo "format-on-write: hookctl field could not read the payload; nothing formatted" >&2
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
