#!/bin/sh
# Kills itself with the signal named in $1 (SEGV, KILL, ...), leaving no core file behind.
ulimit -c 0
kill -"$1" $$
sleep 5
