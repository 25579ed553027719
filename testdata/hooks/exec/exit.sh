#!/bin/sh
# Exits with the status given as $1, after a word on each stream.
echo "out $1"
echo "err $1" >&2
exit "$1"
