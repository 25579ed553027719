#!/usr/bin/env bash
# The real-agent suite (make e2e): install the agent CLIs, build hookctl and the suite, and run
# the suite inside a network namespace that has only loopback, so nothing an agent sends can
# leave the machine.
#
#   AGENT_VERSIONS=pinned (default)  the versions in e2e/package-lock.json, installed once into
#                                    a cache folder named by the lock file's hash
#   AGENT_VERSIONS=latest            the newest published version of each agent, in its own
#                                    cache folder, brought up to date at every run
#   E2E_AGENTS=claude-code,...       only these agent rows (default: every row)
#   E2E_CASES=guard-denies,...       only these cases (default: every case not marked Full)
#   E2E_FULL=1                       also the cases marked Full (they prove again, with more
#                                    agent runs, what the others prove)
#   E2E_PARALLEL=3                   cases run at once, of all the agents together (default 3)
#   E2E_UPDATE=1                     rewrite the golden files under e2e/testdata with what the
#                                    agents showed (the shell-env case)
#   HOOKCTL=/abs/path/hookctl        the hookctl under test (make e2e: the one make build made)
#
# e2e/run.sh install only installs the agents (.ci/run starts it early: it waits on the
# network while the tests use the CPUs).
set -euo pipefail
only_install=
case ${1:-} in
install) only_install=1 ;;
'') ;;
*)
	echo "usage: e2e/run.sh [install]" >&2
	exit 2
	;;
esac
cd "$(dirname "$0")/.."
root=$PWD
GO=${GO:-go}
versions=${AGENT_VERSIONS:-pinned}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/hookctl-e2e

# The pinned agents are installed into a fresh folder beside their own and moved into place only
# when npm succeeded, so an interrupted install is never taken for a finished one; a lock on
# the cache keeps two suites started at once from installing over each other.
mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9
case $versions in
pinned)
	sum=$(sha256sum e2e/package-lock.json | cut -c1-16)
	dir=$cache/$sum
	if [ ! -e "$dir/.installed" ]; then
		echo "e2e: installing the pinned agents into $dir"
		tmp=$(mktemp -d "$cache/.install.XXXXXX")
		trap 'rm -rf "$tmp"' EXIT
		cp e2e/package.json e2e/package-lock.json "$tmp/"
		# Not npm ci: cline 3.0.65 names platform packages that were never published
		# (darwin, windows, linux-arm64), which npm ci takes for a lock file out of step.
		# npm install from the lock installs the same versions; a lock it had to change
		# (another version or integrity of any package) means package.json and the lock
		# disagree, and stops the suite as npm ci would.
		(cd "$tmp" && npm install --no-audit --no-fund --loglevel=error)
		if ! node -e '
			const [a, b] = process.argv.slice(1).map(f => require(f).packages);
			const key = p => JSON.stringify(Object.keys(p).sort().map(k => [k, p[k].version, p[k].integrity]));
			process.exit(key(a) === key(b) ? 0 : 1);' "$root/e2e/package-lock.json" "$tmp/package-lock.json"; then
			echo "e2e: e2e/package-lock.json is out of step with e2e/package.json: run npm install in e2e/ and commit the lock" >&2
			exit 1
		fi
		touch "$tmp/.installed"
		rm -rf "$dir"
		mv "$tmp" "$dir"
		trap - EXIT
	fi
	;;
latest)
	dir=$cache/latest
	echo "e2e: bringing the newest published agents into $dir"
	mkdir -p "$dir"
	# The pinned package.json names the agents; each is asked for at @latest.
	pkgs=$(node -e 'for (const n of Object.keys(require(process.argv[1]).dependencies)) console.log(n + "@latest")' "$root/e2e/package.json")
	[ -e "$dir/package.json" ] || echo '{"name": "hookctl-e2e-latest", "private": true}' >"$dir/package.json"
	# shellcheck disable=SC2086
	(cd "$dir" && npm install --no-audit --no-fund --loglevel=error $pkgs)
	;;
*)
	echo "e2e: AGENT_VERSIONS is pinned or latest, not $versions" >&2
	exit 2
	;;
esac
flock -u 9
exec 9>&-
[ -z "$only_install" ] || exit 0

# make e2e builds hookctl and hookctl-serve (make build) and names the binary in HOOKCTL.
hookctl=${HOOKCTL:-}
if [ -z "$hookctl" ]; then
	mkdir -p bin
	CGO_ENABLED=0 $GO build -trimpath -o bin/hookctl ./cmd/hookctl
	CGO_ENABLED=0 $GO build -trimpath -o bin/hookctl-serve ./cmd/hookctl-serve
	hookctl=$root/bin/hookctl
fi
$GO test -c -tags e2e -o bin/e2e.test ./e2e/

args=(-hookctl "$hookctl" -agents "$dir/node_modules/.bin" -testdata "$root/e2e/testdata" -test.parallel "${E2E_PARALLEL:-3}")
[ -z "${E2E_UPDATE:-}" ] || args+=(-update)
[ -z "${E2E_AGENTS:-}" ] || args+=(-agent "$E2E_AGENTS")
[ -z "${E2E_CASES:-}" ] || args+=(-case "$E2E_CASES")
[ -z "${E2E_FULL:-}" ] || args+=(-full)

# The suite brings the namespace's loopback up itself, and refuses to run where any other
# interface exists; its model server listens on 127.0.0.1.
if [ "$(id -u)" = 0 ]; then ns=(unshare -n); else ns=(unshare -rn); fi
exec "${ns[@]}" bin/e2e.test "${args[@]}"
