#!/bin/sh
# pre_tool_call hook (matcher: terminal): blocks destructive terminal commands: rm -rf of /
# or of the home folder, and a forced push to main or master.
# Reads tool_input.command with jq or python3; with neither, it pulls the first "command"
# string out with sed, or searches the whole payload, which can only block more, never less.
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

if ! command=$(json_get tool_input.command); then
  echo "block-destructive: neither python3 nor jq found; reading the payload with sed" >&2
  command=$(printf '%s' "$payload" | sed -n 's/.*"command" *: *"\(\([^"\\]\|\\.\)*\)".*/\1/p' | head -n 1)
  [ -n "$command" ] || command=$payload
fi

block() {
  printf '{"action":"block","message":"%s"}\n' "$1"
  exit 0
}

# Squeeze blanks so "rm  -rf   /" is caught too.
command=$(printf '%s' "$command" | tr -s ' \t' '  ')
case "$command" in
  *"rm -rf /"|*"rm -rf / "*|*"rm -rf /*"*|*"rm -fr /"|*"rm -fr / "*|*"rm -fr /*"*|\
  *"rm -rf ~"*|*"rm -fr ~"*|*'rm -rf $HOME'*|*'rm -fr $HOME'*|*"--no-preserve-root"*)
    block "blocked: rm -rf of / or the home folder is not permitted" ;;
esac
case "$command" in
  *"git push"*)
    case "$command" in
      *" --force"*|*" -f"*|*" +main"*|*" +master"*)
        case "$command" in
          *" main"*|*":main"*|*"+main"*|*" master"*|*":master"*|*"+master"*)
            block "blocked: force-pushing to main or master is not permitted" ;;
        esac ;;
    esac ;;
esac
echo '{}'
