#!/usr/bin/env bash
# Shows hookctl run on the shipped example config, in a throwaway HOOKCTL_HOME.
set -euo pipefail
bin=${1:-bin/hookctl}
here=$(cd "$(dirname "$0")" && pwd)
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
cp "$here"/examples/*.sh "$here"/examples/config.yaml "$home"/
export HOOKCTL_HOME=$home
unset HOOKCTL_CONFIG HOOKCTL_ALLOWLIST HOOKCTL_ACCEPT_HOOKS

step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; }

step "echo '{\"tool_input\":{\"command\":\"rm -rf /\"}}' | hookctl run pre_tool_call --tool terminal --accept-hooks"
echo '{"tool_input":{"command":"rm -rf /"}}' | "$bin" run pre_tool_call --tool terminal --accept-hooks

step "echo '{\"tool_input\":{\"command\":\"ls\"}}' | hookctl run pre_tool_call --tool terminal --accept-hooks"
echo '{"tool_input":{"command":"ls"}}' | "$bin" run pre_tool_call --tool terminal --accept-hooks

step "hookctl run pre_llm_call --accept-hooks < /dev/null"
"$bin" run pre_llm_call --accept-hooks < /dev/null

step "hookctl run pre_tool_call --tool terminal < /dev/null   # not approved yet: skipped, with the fix on stderr"
"$bin" run pre_tool_call --tool terminal < /dev/null
