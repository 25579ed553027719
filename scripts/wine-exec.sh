#!/usr/bin/env bash
# Runs a program built for windows/amd64 under Wine, in the prefix scripts/wine-setup.sh made:
# go test -exec scripts/wine-exec.sh, and make bench's Windows figures. Wine's own chatter is
# silenced (WINEDEBUG=-all) and no display is used.
export WINEPREFIX=${WINEPREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/hookctl/wine}
export WINEDEBUG=${WINEDEBUG:--all} WINEARCH=win64 DISPLAY=
exec wine "$@"
