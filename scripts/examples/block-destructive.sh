#!/bin/sh
# pre_tool_call hook (matcher: terminal, dialect: hookctl): blocks destructive terminal commands:
# - a recursive rm (-r, -R, --recursive, with or without -f, options anywhere, after -- too) of
#   /, of a top-level folder (/usr, /etc/*), or of a home folder (~, ~bob, $HOME, /home/bob),
#   however written ("/", /., //, /*, /usr/../), and any rm with --no-preserve-root;
# - a forced push (--force, -f, --force-with-lease, --mirror, a +refspec) to main or master, or
#   one that names no branch (or HEAD), since the branch it pushes cannot be told from here;
#   and deleting main or master on a remote (--delete, :main).
# It is a guard rail for an agent's mistakes, not a sandbox: a command that builds its target
# at run time (rm -rf "$DIR/" with DIR unset, cd / && rm -rf *) gets through.
# Reads tool_input.command with `hookctl field`; where hookctl cannot be found or read it, it
# pulls the first "command" string out with sed, or searches the whole payload, which can only
# block more, never less. It needs nothing but POSIX sh and hookctl.
payload=$(cat)

# json_get PATH: the payload's field, read by hookctl itself (no jq or python3 needed).
json_get() {
  command -v hookctl >/dev/null 2>&1 || return 1
  printf '%s' "$payload" | hookctl field "$1" 2>/dev/null
}

if ! command=$(json_get tool_input.command); then
  echo "block-destructive: hookctl field could not read the payload; reading it with sed" >&2
  command=$(printf '%s' "$payload" | sed -n 's/.*"command" *: *"\(\([^"\\]\|\\.\)*\)".*/\1/p' | head -n 1)
  [ -n "$command" ] || command=$payload
fi

block() {
  printf '{"action":"block","message":"%s"}\n' "$1"
  exit 0
}

# Quotes and backslashes only group words for a shell: "/" and \/ are / to rm. Then one command
# per line: ; & | ( ) and backquotes separate commands.
commands=$(printf '%s\n' "$command" | tr -d "\"'\\\\" | tr ';&|()`' '\n\n\n\n\n\n')

# target prints a path the way rm sees what it removes: // is /, /./ is /, and a trailing
# /, /. or /* (the folder's content) is the folder itself; / itself prints as nothing.
target() {
  printf '%s\n' "$1" | sed -e 's#^\${HOME}#$HOME#' -e 's#//*#/#g' -e ':a' -e 's#/\./#/#g' -e 'ta' \
    -e ':b' -e 's#/\.$##' -e 'tb' -e 's#/\*$##' -e 'tb' -e 's#/$##' -e 'tb'
}

# dangerous: is the normalized path /, a top-level folder or a home folder?
dangerous() {
  case $1 in
    /*/..|/*/../*|"~"*/..|"~"*/../*|'$HOME'/..|'$HOME'/../*) return 0 ;; # climbs up: assume the worst
    ""|"~"|'$HOME') return 0 ;;
    /home/*/*|/Users/*/*) return 1 ;;
    /home/*|/Users/*) return 0 ;;
    /*/*) return 1 ;;
    /*) return 0 ;;
    "~"*/*|'$HOME'/*) return 1 ;;
    "~"*) return 0 ;; # ~bob
  esac
  return 1
}

# check_rm WORDS...: the words after rm. GNU rm takes options anywhere before --.
check_rm() {
  recursive=no targets=
  options=yes
  for w in "$@"; do
    case $options$w in
      yes--) options=no ;;
      yes--recursive) recursive=yes ;;
      yes--no-preserve-root) block "blocked: rm --no-preserve-root is not permitted" ;;
      yes--*) ;;
      yes-*r*|yes-*R*) recursive=yes ;;
      yes-?*) ;;
      *) targets="$targets
$w" ;;
    esac
  done
  [ "$recursive" = yes ] || return 0
  while IFS= read -r t; do
    [ -n "$t" ] || continue
    if dangerous "$(target "$t")"; then
      block "blocked: recursive rm of / or a home or top-level folder is not permitted"
    fi
  done <<EOF
$targets
EOF
}

# branch prints the branch a refspec pushes to (its part after :), without refs/heads/.
branch() {
  b=${1#+}
  case $b in *:*) b=${b#*:} ;; esac
  printf '%s\n' "${b#refs/heads/}"
}

# check_push WORDS...: the words after git push.
check_push() {
  force=no delete=no named=no first=yes
  for w in "$@"; do
    case $w in
      --force|--force-with-lease|--force-with-lease=*|--mirror) force=yes ;;
      --delete) delete=yes ;;
      --*) ;;
      -*f*) force=yes ;;
      -*d*) delete=yes ;;
      -*) ;;
      *)
        if [ $first = yes ]; then first=no; continue; fi # the remote
        named=yes
        b=$(branch "$w")
        case $w in +*) plus=yes ;; *) plus=no ;; esac
        case $b in
          main|master)
            case $w in :*) block "blocked: deleting main or master is not permitted" ;; esac
            [ $plus = yes ] && block "blocked: force-pushing to main or master is not permitted" ;;
          HEAD|@) [ $plus = yes ] && block "blocked: a forced push of HEAD may be to main or master: name the branch" ;;
        esac ;;
    esac
  done
  # Second pass now that every flag is known: flags may come after the refspecs.
  first=yes
  for w in "$@"; do
    case $w in -*) continue ;; esac
    if [ $first = yes ]; then first=no; continue; fi
    case $(branch "$w") in
      main|master)
        [ $force = yes ] && block "blocked: force-pushing to main or master is not permitted"
        [ $delete = yes ] && block "blocked: deleting main or master is not permitted" ;;
      HEAD|@)
        [ $force = yes ] && block "blocked: a forced push of HEAD may be to main or master: name the branch" ;;
    esac
  done
  if [ $force = yes ] && [ $named = no ]; then
    block "blocked: a forced push that names no branch may be to main or master: name the branch"
  fi
}

set -f # words are never globbed: /* stays /*
while IFS= read -r line; do
  # shellcheck disable=SC2086 # split into words on purpose
  set -- $line
  while [ $# -gt 0 ]; do
    w=$1
    shift
    case $w in
      rm|*/rm) check_rm "$@"; break ;;
      git|*/git)
        # git's own options come before its subcommand; -C and -c take a value.
        while [ $# -gt 0 ]; do
          case $1 in
            -C|-c) shift; [ $# -gt 0 ] && shift ;;
            -*) shift ;;
            *) break ;;
          esac
        done
        if [ "${1-}" = push ]; then shift; check_push "$@"; fi
        break ;;
    esac
  done
done <<EOF
$commands
EOF
echo '{}'
