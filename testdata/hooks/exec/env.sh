#!/bin/sh
# Prints $FOO and the working directory.
printf '%s\n' "$FOO"
pwd -P
