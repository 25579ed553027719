#!/bin/sh
# pre_tool_call hook: blocks destructive terminal commands (rm -rf on / or ~, a forced push
# to main or master). It reads the payload on stdin and needs no JSON tool: it looks at the
# raw text of tool_input.command, which is enough to catch these patterns.
payload=$(cat)
command=$(printf '%s' "$payload" | sed -n 's/.*"command" *: *"\(\([^"\\]\|\\.\)*\)".*/\1/p' | head -n 1)

block() {
  printf '{"action":"block","message":"%s"}\n' "$1"
  exit 0
}

case "$command" in
  *"rm -rf /"|*"rm -rf / "*|*"rm -rf /*"*|*"rm -fr /"|*"rm -fr / "*|*"rm -rf ~"*|*"rm -rf \$HOME"*)
    block "blocked: rm -rf of / or home is not permitted" ;;
  *"git push"*"--force"*" main"*|*"git push"*"-f "*"main"*|*"git push"*"--force"*" master"*)
    block "blocked: force-pushing to main is not permitted" ;;
esac
echo '{}'
