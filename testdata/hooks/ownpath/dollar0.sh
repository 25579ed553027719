#!/bin/sh
# Reads a file beside it through $0.
set -eu
here=$(dirname "$0")
reason=$(cat "$here/reason.txt")
cat >/dev/null
printf '{"decision":"block","reason":"%s: %s"}\n' "$(basename "$0")" "$reason"
