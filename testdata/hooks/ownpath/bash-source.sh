#!/bin/bash
# Finds its library beside it through BASH_SOURCE, as many guards do. If it could not, the
# source would fail, the guard would exit 1, and the call would go ahead unguarded.
set -eu
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cat >/dev/null
verdict "$(basename "${BASH_SOURCE[0]}")"
