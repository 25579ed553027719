#!/bin/sh
# pre_tool_call guard (matcher: terminal, dialect: hookctl, fail_closed: true): blocks a shell
# command that deletes outside the project (the agent's working folder): rm, rmdir, unlink,
# shred, and find ... -delete / -exec rm, of a path that is not inside the project, the project
# folder itself included. The temp folder (/tmp, $TMPDIR) is allowed. A target named through a
# variable other than $HOME cannot be placed from here, so it is blocked too.
guard=block-delete-outside-project
# Read the call with hookctl itself (no jq, no python3, nothing sourced from beside the script:
# a guard loads nothing its approval does not pin). A call it cannot read is blocked.
fields=$(hookctl field --sh tool=tool_name command=tool_input.command path=tool_input.path cwd=cwd) || {
  echo "$guard: the call cannot be read (is hookctl on a guard's PATH? run hookctl hooks doctor)" >&2
  exit 2
}
eval "$fields"
[ -n "$cwd" ] || cwd=$PWD
[ "$tool" = terminal ] || exit 0

block() {
  echo "$guard: $1; delete inside the project only, or ask the person to do it" >&2
  exit 2
}

# normalize ABS: the path with . and .. resolved by name, as rm would reach it.
normalize() {
  out=
  IFS=/
  for part in $1; do
    case $part in
      '' | .) ;;
      ..) out=${out%/*} ;;
      *) out=$out/$part ;;
    esac
  done
  unset IFS
  printf '%s\n' "${out:-/}"
}

# check TARGET [ROOT_OK]: block when it lies outside the project, or is the project folder
# itself unless ROOT_OK is set (find . -delete removes what is inside, not the folder).
check() {
  t=$1
  case $t in
    '~' | '~/'*) t=$HOME${t#\~} ;;
    '$HOME' | '${HOME}') t=$HOME ;;
    '$HOME/'* | '${HOME}/'*) t=$HOME/${t#*/} ;;
    '~'*) block "it deletes $1, another person's home" ;;
    *'$'*) block "it deletes $1, which names a variable hookctl cannot see" ;;
    /*) ;;
    *) t=$cwd/$t ;;
  esac
  t=$(normalize "$t")
  project=$(normalize "$cwd")
  case $t in
    "$project"/*) return 0 ;;
    /tmp/* | /private/tmp/* | /var/tmp/*) return 0 ;;
  esac
  if [ -n "$TMPDIR" ]; then
    case $t in "$(normalize "$TMPDIR")"/*) return 0 ;; esac
  fi
  if [ "$t" = "$project" ] && [ -n "$2" ]; then
    return 0
  fi
  if [ "$t" = "$project" ]; then
    block "it deletes the project folder itself ($t)"
  fi
  block "it deletes $t, outside the project $project"
}

# One simple command per line: ; & | ( ) and backquotes separate commands; quotes only group.
printf '%s\n' "$command" | tr -d "\"'\\\\" | tr ';&|()`' '\n\n\n\n\n\n' | {
while read -r line; do
  set -f
  # shellcheck disable=SC2086 # splitting into words is the point
  set -- $line
  set +f
  while [ $# -gt 0 ]; do # prefixes that run the next word
    case $1 in sudo | env | command | nohup | time | xargs | *=*) shift ;; -*) shift ;; *) break ;; esac
  done
  [ $# -gt 0 ] || continue
  prog=${1##*/}
  shift
  case $prog in
    rm | rmdir | unlink | shred)
      opts=1
      for a in "$@"; do
        if [ -n "$opts" ]; then
          case $a in --) opts= ; continue ;; -*) continue ;; esac
        fi
        check "$a"
      done
      ;;
    find)
      case " $* " in
        *" -delete "* | *" -exec rm "* | *" -execdir rm "* | *" -exec /bin/rm "*) ;;
        *) continue ;;
      esac
      for a in "$@"; do
        case $a in -* | '!') break ;; esac
        check "$a" root-ok
      done
      ;;
  esac
done
exit 0
}
