#!/usr/bin/env bash
# A one-minute tour of hookctl on the example hooks, in a throwaway HOOKCTL_HOME.
set -euo pipefail
bin=$(cd "$(dirname "${1:-bin/hookctl}")" && pwd)/$(basename "${1:-bin/hookctl}")
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOOKCTL_HOME=$home
unset HOOKCTL_CONFIG HOOKCTL_ALLOWLIST HOOKCTL_ACCEPT_HOOKS
hookctl() { "$bin" "$@"; }

# Bold steps on a terminal only (and without NO_COLOR): piped or logged output stays plain.
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then
	step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; }
else
	step() { printf '\n$ %s\n' "$*"; }
fi

step "hookctl init"
hookctl init

step "hookctl hooks list"
hookctl hooks list

step "hookctl hooks approve --all"
hookctl hooks approve --all

step "echo '{\"tool_input\":{\"command\":\"rm -rf /\"}}' | hookctl run pre_tool_call --tool terminal"
echo '{"tool_input":{"command":"rm -rf /"}}' | hookctl run pre_tool_call --tool terminal

step "echo '{\"tool_input\":{\"command\":\"ls\"}}' | hookctl run pre_tool_call --tool terminal"
echo '{"tool_input":{"command":"ls"}}' | hookctl run pre_tool_call --tool terminal

step "hookctl run pre_llm_call < /dev/null     # context for the next LLM turn"
hookctl run pre_llm_call < /dev/null
