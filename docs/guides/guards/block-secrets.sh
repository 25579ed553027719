#!/bin/sh
# pre_tool_call guard (dialect: hookctl, fail_closed: true): keeps the agent from reading or
# changing secrets: SSH keys (~/.ssh, id_rsa...), .env files (.env.example and the like pass),
# and credential files (cloud, registries, git, netrc, kube, private keys). It looks at the
# shell tool's command and at any file tool's path. A guard rail against mistakes, not a
# sandbox: quotes are removed first, but a name built at run time (f=.ss; cat ~/${f}h/x) passes.
guard=block-secrets
# Read the call with hookctl itself (no jq, no python3, nothing sourced from beside the script:
# a guard loads nothing its approval does not pin). A call it cannot read is blocked.
fields=$(hookctl field --sh tool=tool_name command=tool_input.command path=tool_input.path cwd=cwd) || {
  echo "$guard: the call cannot be read (is hookctl on a guard's PATH? run hookctl hooks doctor)" >&2
  exit 2
}
eval "$fields"
[ -n "$cwd" ] || cwd=$PWD

# Quotes and backslashes only group words for a shell: drop them, then read what is left.
subject=$(printf '%s\n%s\n' "$command" "$path" | tr -d "\"'\\\\" |
  sed -E 's/\.env\.(example|sample|template|dist)([^A-Za-z0-9_.-]|$)/\2/g')

end='([^A-Za-z0-9_.-]|$)'
secrets="(^|[^A-Za-z0-9_.-])\.ssh$end|(^|/)id_(rsa|dsa|ecdsa|ed25519)$end"
secrets="$secrets|(^|[^A-Za-z0-9_.-])\.env(\.[A-Za-z0-9_-]+)?$end"
secrets="$secrets|\.aws/(credentials|config)|\.config/gcloud|\.azure/|\.kube/config|\.docker/config\.json"
secrets="$secrets|(^|[^A-Za-z0-9_-])\.(netrc|pgpass|git-credentials|npmrc|pypirc)$end|\.(pem|p12|pfx)$end"

if hit=$(printf '%s\n' "$subject" | grep -Eo "$secrets" | head -n 1); [ -n "$hit" ]; then
  echo "$guard: this $tool call touches a secret ($(echo "$hit" | tr -d ' ')); ask the person to do it, or to share what you need" >&2
  exit 2
fi
exit 0
