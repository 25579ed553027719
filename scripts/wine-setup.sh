#!/usr/bin/env bash
# Makes a Wine prefix that runs Go programs built for windows/amd64, for make test-windows and
# make bench: installs Debian's wine and mingw-w64 when they are missing (apt-get, as root),
# builds scripts/wine/bcryptprimitives.dll (Go 1.24+ needs its ProcessPrng, which Wine 8 lacks)
# and puts it into the prefix's system32. Prints the prefix's path; idempotent.
#   WINEPREFIX  where the prefix lives (default: ~/.cache/hookctl/wine)
set -euo pipefail
cd "$(dirname "$0")/.."
export WINEPREFIX=${WINEPREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/hookctl/wine}
export WINEDEBUG=${WINEDEBUG:--all} WINEARCH=win64 DISPLAY=
cc=x86_64-w64-mingw32-gcc
if ! command -v wine >/dev/null || ! command -v wine64 >/dev/null && [ ! -x /usr/lib/wine/wine64 ] || ! command -v $cc >/dev/null; then
	if [ "$(id -u)" != 0 ]; then
		echo "wine-setup: wine and mingw-w64 are missing; as root: apt-get install wine wine64 gcc-mingw-w64-x86-64" >&2
		exit 1
	fi
	echo "wine-setup: installing wine and mingw-w64 (apt-get)" >&2
	apt-get update -qq >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		wine wine64 gcc-mingw-w64-x86-64 >&2
fi
mkdir -p "$WINEPREFIX"
if [ ! -f "$WINEPREFIX/system.reg" ]; then
	echo "wine-setup: making the prefix $WINEPREFIX" >&2
	wine wineboot --init >&2 2>/dev/null || true
	wineserver -w
fi
dll="$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll"
src=scripts/wine/bcryptprimitives.c
if [ ! -f "$dll" ] || [ "$src" -nt "$dll" ]; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	$cc -O2 -shared -o "$tmp/bcryptprimitives.dll" "$src" scripts/wine/bcryptprimitives.def -ladvapi32
	cp "$tmp/bcryptprimitives.dll" "$dll"
fi
echo "$WINEPREFIX"
