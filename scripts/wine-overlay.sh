#!/usr/bin/env bash
# Writes a go build -overlay file for test binaries run under Wine, and prints its path. Go 1.25+
# removes files on Windows with FileDispositionInformationEx and falls back to the older call
# when Windows says it does not know that class; Wine 8 answers STATUS_NOT_IMPLEMENTED instead,
# so every os.RemoveAll (t.TempDir's cleanup among them) fails there with "Invalid function".
# The overlay adds that answer to the fallback's list, in a copy of the standard library's
# file, for the test binaries make test-windows builds; hookctl's own build never uses it.
#   $1  the folder to write into
set -euo pipefail
out=$1
mkdir -p "$out"
src=$(go env GOROOT)/src/internal/syscall/windows/at_windows.go
marker='STATUS_NOT_SUPPORTED:     // the file system'
grep -q "$marker" "$src" || { echo "wine-overlay: $src has changed; the Wine fallback no longer applies" >&2; exit 1; }
sed "s|$marker|NTStatus(0xC0000002), // Wine 8: STATUS_NOT_IMPLEMENTED\n\t\t$marker|" "$src" >"$out/at_windows.go"
printf '{"Replace":{"%s":"%s"}}\n' "$src" "$out/at_windows.go" >"$out/overlay.json"
echo "$out/overlay.json"
