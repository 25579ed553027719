#!/bin/sh
# pre_tool_call guard (matcher: terminal, dialect: hookctl, fail_closed: true): blocks a shell
# command that deletes outside the project (the agent's working folder): rm, rmdir, unlink,
# shred, find ... -delete / -exec rm and git clean, of a path that is not inside the project, the
# project folder itself included; a shell started with -c is read as the command it runs, a cd
# moves where later relative paths lead, and rm fed its paths by xargs is blocked (they cannot
# be seen here). The temp folder (/tmp, $TMPDIR) is allowed. A target named through a variable
# other than $HOME cannot be placed from here, so it is blocked too.
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
base=$cwd # where a relative path leads: the working folder, moved by cd

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

project=$(normalize "$cwd")

# check TARGET [ROOT_OK]: block when it lies outside the project, or is the project folder
# itself unless ROOT_OK is set (find . -delete removes what is inside, not the folder). A
# relative TARGET is placed from base (moved by cd) and from the working folder alike.
check() {
  if [ "$base" != "$cwd" ]; then
    # After a cd, a relative path must also be inside from the working folder: a cd in a
    # subshell, ( cd src ); rm -rf ../x, does not move the commands after it.
    case $1 in
      /* | '~'* | *'$'*) ;;
      *) saved=$base; base=$cwd; check "$1" "$2"; base=$saved ;;
    esac
  fi
  t=$1
  case $t in
    '~' | '~/'*) t=$HOME${t#\~} ;;
    '$HOME' | '${HOME}') t=$HOME ;;
    '$HOME/'* | '${HOME}/'*) t=$HOME/${t#*/} ;;
    '~'*) block "it deletes $1, another person's home" ;;
    *'$'*) block "it deletes $1, which names a variable hookctl cannot see" ;;
    /*) ;;
    *)
      [ -n "$base" ] || block "it deletes $1 after a cd this guard cannot follow"
      t=$base/$t
      ;;
  esac
  t=$(normalize "$t")
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

# git_clean ARGS: git's global options (-C DIR moves it), then clean's paths, each checked with
# the folder itself allowed; no path cleans the folder git runs in.
git_clean() {
  gbase=$base
  while [ $# -gt 0 ]; do
    case $1 in
      -C) [ $# -gt 1 ] || return 0; gbase=$(resolve "$2") || gbase=; shift 2 ;;
      -c) shift 2 ;;
      -*) shift ;;
      *) break ;;
    esac
  done
  [ "$1" = clean ] || return 0
  shift
  saved=$base
  base=$gbase
  paths=
  opts=1
  while [ $# -gt 0 ]; do
    a=$1
    shift
    if [ -n "$opts" ]; then
      case $a in --) opts= ; continue ;; -e | --exclude) shift; continue ;; -*) continue ;; esac
    fi
    paths=1
    check "$a" root-ok
  done
  [ -n "$paths" ] || check . root-ok
  base=$saved
}

# resolve DIR: DIR as an absolute path from base, failing when it cannot be placed.
resolve() {
  case $1 in
    '' | '~') printf '%s\n' "$HOME" ;;
    '~/'*) printf '%s\n' "$HOME/${1#\~/}" ;;
    *'$'* | '~'* | -*) return 1 ;;
    /*) normalize "$1" ;;
    *) [ -n "$base" ] || return 1; normalize "$base/$1" ;;
  esac
}

# cd_to ARGS: later relative paths lead from the new folder; one that cannot be placed makes
# every later relative delete a block.
cd_to() {
  [ "$1" != -- ] || shift
  base=$(resolve "$1") || base=
}

# One simple command per line: ; & | ( ) and backquotes separate commands; quotes only group.
printf '%s\n' "$command" | tr -d "\"'\\\\" | tr ';&|()`' '\n\n\n\n\n\n' | {
while read -r line; do
  set -f
  # shellcheck disable=SC2086 # splitting into words is the point
  set -- $line
  set +f
  fed=
  prefix=
  while [ $# -gt 0 ]; do # prefixes that run the next word; sh -c CMD runs CMD
    case $prefix:$1 in
      # A prefix's option that takes a value: the value is no program (sudo -u root rm ...).
      sudo:-[ugCDhprtUT] | doas:-[uC] | env:-[uCS] | nice:-n | timeout:-[sk] | xargs:-[nILPsdEa] | stdbuf:-[ioe])
        shift 2 ;;
      timeout:[0-9]*) shift ;; # the duration
      *:xargs) fed=1; prefix=xargs; shift ;;
      *:sudo | *:doas | *:env | *:command | *:exec | *:nohup | *:nice | *:time | *:timeout | *:stdbuf)
        prefix=${1##*/}; shift ;;
      *:*=*) shift ;;
      *:sh | *:bash | *:dash | *:zsh | *:ksh | *:mksh | *:busybox) prefix=; shift ;;
      *:-*) shift ;;
      *) break ;;
    esac
  done
  [ $# -gt 0 ] || continue
  prog=${1##*/}
  shift
  case $prog in
    rm | rmdir | unlink | shred)
      [ -z "$fed" ] || block "xargs gives $prog paths this guard cannot see; name them, or use find -delete inside the project"
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
    git) git_clean "$@" ;;
    cd | pushd) cd_to "$@" ;;
  esac
done
exit 0
}
