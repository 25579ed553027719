#!/usr/bin/env bash
# The packages make test-portable tests: those whose test binary the hookctl_portable tag
# changes. A package changes when the tag selects other files of it (runner's wait_*.go,
# stress's build tags); a test binary changes when it links a changed package. Every other
# test binary is the same with or without the tag, runs no runner, and is run by make test.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
tag=hookctl_portable
files='{{.ImportPath}} {{.GoFiles}} {{.CgoFiles}} {{.TestGoFiles}} {{.XTestGoFiles}} {{.EmbedFiles}}'
changed=$(diff <($GO list -f "$files" ./...) <($GO list -tags "$tag" -f "$files" ./...) |
	sed -n 's/^[<>] \([^ ]*\) .*/\1/p' | sort -u) || true
if [ -z "$changed" ]; then
	echo "portable-packages: no package has a file the $tag tag selects" >&2
	exit 1
fi
# Each test main (P.test) with its dependencies; a dependency compiled for a test is named
# "P [Q.test]", two words of which the first is P.
$GO list -tags "$tag" -test -f '{{if eq .Name "main"}}{{.ImportPath}} {{join .Deps " "}}{{end}}' ./... |
	awk -v changed="$changed" '
		BEGIN { n = split(changed, c, "\n"); for (i = 1; i <= n; i++) want[c[i]] = 1 }
		$1 ~ /\.test$/ {
			pkg = substr($1, 1, length($1) - 5)
			hit = (pkg in want)
			for (i = 2; i <= NF && !hit; i++)
				if ($i in want) hit = 1
			if (hit) print pkg
		}' | sort -u
