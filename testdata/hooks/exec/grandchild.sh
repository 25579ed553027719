#!/bin/sh
# Starts a background grandchild, writes its pid to $PIDFILE, then sleeps in the foreground.
sleep 300 &
echo $! >"$PIDFILE"
sleep 300
