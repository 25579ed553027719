#!/bin/sh
# Prints exactly $1 bytes to stdout.
head -c "$1" /dev/zero | tr '\0' x
