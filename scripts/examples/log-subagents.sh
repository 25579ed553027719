#!/bin/sh
# subagent_stop hook: appends one JSON line per finished subagent to
# $HOOKCTL_HOME/subagents.jsonl (or the file named by SUBAGENT_LOG): the time and the event
# payload, which hookctl sends as one line of JSON, so no JSON tool is needed.
payload=$(cat)
log=${SUBAGENT_LOG:-${HOOKCTL_HOME:-$HOME/.agent-hooks}/subagents.jsonl}
case "$payload" in
  "{"*) ;;
  *) echo "log-subagents: the payload is not a JSON object; nothing logged" >&2; exit 1 ;;
esac
# Keep the line a single line whatever the payload looks like.
line=$(printf '%s' "$payload" | tr -d '\n\r')
mkdir -p "$(dirname "$log")"
printf '{"time":"%s","event":%s}\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$line" >> "$log"
