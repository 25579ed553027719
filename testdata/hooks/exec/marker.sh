#!/bin/sh
# Leaves a trace in $MARKER as soon as it runs, then answers.
: >"$MARKER"
printf '{}\n'
