#!/bin/sh
# Reads the payload and answers with no directive: the cheapest real hook.
cat >/dev/null
printf '{}\n'
