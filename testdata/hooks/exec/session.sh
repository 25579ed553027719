#!/bin/sh
# Prints its pid, process group, session and tty number (fields 5-7 of /proc/PID/stat, read
# after the command name), and whether /dev/tty could be opened.
set -- $(sed 's/.*) //' "/proc/$$/stat")
if (: </dev/tty) 2>/dev/null; then tty=opened; else tty=failed; fi
printf '{"pid":%d,"pgid":%d,"sid":%d,"tty_nr":%d,"tty":"%s"}\n' $$ "$3" "$4" "$5" "$tty"
