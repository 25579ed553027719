#!/bin/sh
# Leaves a child that escapes the hook's group and session (setsid) while holding stdout,
# writes its pid to $PIDFILE, answers and exits.
setsid sleep 30 &
echo $! >"$PIDFILE"
printf '{}\n'
