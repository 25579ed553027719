#!/bin/sh
# Reads all of stdin and prints how many bytes it got.
n=$(wc -c)
printf '{"len":%d}\n' "$n"
