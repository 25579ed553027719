#!/bin/sh
# Says how it was started: its $0.
cat >/dev/null
printf '{"decision":"block","reason":"$0 is %s"}\n' "$0"
