#!/usr/bin/env bash
# make fuzz: run each fuzz target for FUZZTIME, a duration (60s) or a number of executions
# (5000x). Targets are PACKAGE:TARGET[:SMOKE] (config:FuzzParse:1000x); FUZZTIME=smoke runs each
# target for its SMOKE count.
#
#   scripts/fuzz.sh 5s config:FuzzParse agent:FuzzReadCodex agent:FuzzReadGemini ...
#   scripts/fuzz.sh smoke config:FuzzParse:1000x agent:FuzzReadCodex:90000x ...
#
# go test -fuzz builds and links a package's test binary again for every target; here each
# package's binary is built once, with the fuzzing instrumentation go test -fuzz uses (go test
# -c -fuzz), and run once per target with the flags go test would pass it: in the package's
# folder (a failing input is written to its testdata/fuzz/TARGET), the generated corpus kept
# where go test keeps it ($GOCACHE/fuzz/IMPORTPATH).
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
[ $# -ge 2 ] || { echo "usage: scripts/fuzz.sh FUZZTIME PACKAGE:TARGET..." >&2; exit 2; }
fuzztime=$1
shift
module=$($GO list -m)
cache=$($GO env GOCACHE)/fuzz
bins=$(mktemp -d)
trap 'rm -rf "$bins"' EXIT

# Every argument is checked before anything is fuzzed.
for t in "$@"; do
	if ! [[ "$t" =~ ^[^:]+:[^:]+(:[1-9][0-9]*x)?$ ]]; then
		echo "fuzz: $t: want PACKAGE:TARGET or PACKAGE:TARGET:COUNTx (config:FuzzParse:1000x)" >&2
		exit 2
	fi
	if [ "$fuzztime" = smoke ] && ! [[ "$t" =~ :[1-9][0-9]*x$ ]]; then
		echo "fuzz: $t: FUZZTIME=smoke runs each target for its count of executions, PACKAGE:TARGET:1000x" >&2
		exit 2
	fi
done

declare -A built
for t in "$@"; do
	IFS=: read -r pkg target smoke <<<"$t"
	runtime=$fuzztime
	[ "$fuzztime" != smoke ] || runtime=$smoke
	bin=$bins/${pkg//\//_}.test
	if [ -z "${built[$pkg]:-}" ]; then
		$GO test -c -fuzz "^$target\$" -o "$bin" "./$pkg/"
		built[$pkg]=1
	fi
	# A target name that matches nothing would fuzz nothing and pass: -test.list says first.
	if ! (cd "$pkg" && "$bin" -test.list "^$target\$") | grep -qx "$target"; then
		echo "fuzz: ./$pkg has no fuzz target $target" >&2
		exit 1
	fi
	for try in 1 2; do
		echo "fuzz: ./$pkg $target for $runtime"
		status=0
		(cd "$pkg" && "$bin" -test.run '^$' -test.fuzz "^$target\$" -test.fuzztime "$runtime" \
			-test.fuzzcachedir "$cache/$module/$pkg" -test.paniconexit0) 2>&1 | tee "$bins/out" || status=$?
		[ "$status" != 0 ] || break
		# Go's fuzzing coordinator can fail a target with "context deadline exceeded" when a
		# -fuzztime duration ends while a worker is busy (go.dev/issue/75804, fixed in Go 1.27):
		# no input failed and none was written. A count (FUZZTIME=smoke, CI's) sets no deadline,
		# so cannot; after a duration, that failure alone is run once more; any other stops.
		if [ "$try" = 1 ] && ! grep -q 'Failing input written to' "$bins/out" &&
			[ "$(grep -A1 -- '^--- FAIL: ' "$bins/out" | sed -n 2p)" = "    context deadline exceeded" ] &&
			[ "$(grep -c -- '^--- FAIL: ' "$bins/out")" = 1 ]; then
			echo "fuzz: $target stopped on the fuzzing engine's deadline race, not on an input: once more"
			continue
		fi
		exit 1
	done
done
