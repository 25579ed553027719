#!/bin/sh
# Prints $1 bytes on stderr, then answers.
head -c "$1" /dev/zero >&2
echo '{"action":"block","message":"answered after a flood of stderr"}'
