#!/bin/sh
# Writes 5 MiB to stderr, then a marker last, then answers.
head -c 5242880 /dev/zero | tr '\0' 'e' >&2
printf 'END-OF-STDERR\n' >&2
printf '{}\n'
