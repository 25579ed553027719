#!/usr/bin/env bash
# make test-windows: every package's tests, built for windows/amd64, run under Wine, one
# package at a time, each in its own folder as go test runs it. Prints go test's summary
# lines (ok / FAIL / no tests) and exits 1 when a package failed. Wine is not Windows: what
# it cannot run is skipped there, saying why (docs/windows.md lists it). A package listed in
# scripts/test-windows.pending (Windows work still to do) runs with a shorter timeout, and its
# failures print as PENDING without failing the target.
#   PKGS       the packages (default: every package with tests)
#   TESTFLAGS  extra flags for each test binary, e.g. -test.run=TestExecSelf -test.v
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
start=$SECONDS
WINEPREFIX=$(bash scripts/wine-setup.sh)
export WINEPREFIX
work=$(mktemp -d)
cleanup() {
	# Whatever a failed test left running in the prefix ends with its wineserver.
	WINEPREFIX=$WINEPREFIX wineserver -k 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT
overlay=$(bash scripts/wine-overlay.sh "$work/overlay")
pkgs=${PKGS:-$(GOOS=windows $GO list -f '{{if or .TestGoFiles .XTestGoFiles}}{{.ImportPath}}{{end}}' ./...)}
# All the test binaries at once, with every CPU, before any runs.
mkdir -p "$work/bin"
for pkg in $pkgs; do
	echo "$pkg"
done | while read -r pkg; do
	out="$work/bin/$(echo "${pkg#github.com/hookctl/hookctl/}" | tr / _).test.exe"
	echo "$pkg $out"
done >"$work/list"
while read -r pkg out; do
	echo "-o $out $pkg"
done <"$work/list" | xargs -P 2 -L 1 env GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $GO test -overlay "$overlay" -c
echo "make test-windows: test binaries built in $((SECONDS - start))s (Wine $(wine --version 2>/dev/null))"
failed=0 pending=0
while read -r pkg out; do
	why=$(awk -F '\t' -v p="$pkg" '$1 == p {print $2}' scripts/test-windows.pending)
	limit=5m
	[ -n "$why" ] && limit=60s
	if [ ! -f "$out" ]; then
		echo "?   	$pkg	[no test files]"
		continue
	fi
	dir=$($GO list -f '{{.Dir}}' "$pkg")
	t0=$SECONDS
	log="$work/log"
	# shellcheck disable=SC2086
	runtest() { (cd "$dir" && timeout 600 "$OLDPWD/scripts/wine-exec.sh" "$out" -test.count=1 -test.v -test.timeout=$limit ${TESTFLAGS:-}) >"$log" 2>&1; }
	# A binary that Wine failed to start prints nothing at all: that is tried once more.
	if runtest || { [ ! -s "$log" ] && runtest; }; then
		grep -a -- '--- SKIP' "$log" | sed 's/^/	/' | head -20 || true
		echo "ok  	$pkg	$((SECONDS - t0))s"
	elif [ -n "$why" ]; then
		grep -a -- '--- FAIL\|^panic' "$log" | head -20 || true
		echo "PENDING	$pkg	$((SECONDS - t0))s	($why)"
		pending=$((pending + 1))
	else
		grep -av '^=== \|^--- PASS\|^    --- PASS' "$log"
		echo "FAIL	$pkg	$((SECONDS - t0))s"
		failed=$((failed + 1))
	fi
done <"$work/list"
echo "make test-windows: $((SECONDS - start))s, $failed package(s) failed, $pending pending (scripts/test-windows.pending)"
[ "$failed" = 0 ]
