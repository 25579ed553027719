#!/bin/sh
# Ignores SIGTERM (its children inherit that), so only SIGKILL can end it.
trap '' TERM
sleep 300 &
echo $! >"$PIDFILE"
sleep 300
