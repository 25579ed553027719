#!/bin/sh
# Leaves a background child with its output redirected (so it holds no pipe), writes its pid
# to $PIDFILE, answers and exits.
sleep 30 </dev/null >/dev/null 2>&1 &
echo $! >"$PIDFILE"
printf '{}\n'
