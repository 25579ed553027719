#!/bin/sh
# pre_llm_call hook: adds the branch and a short git status to the next LLM turn.
cat >/dev/null
if ! command -v git >/dev/null 2>&1 || ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo '{}'
  exit 0
fi
branch=$(git symbolic-ref --short HEAD 2>/dev/null || git rev-parse --short HEAD 2>/dev/null)
changes=$(git status --porcelain 2>/dev/null | wc -l | tr -d ' ')
printf '{"context":"git: on branch %s, %s changed file(s)"}\n' "$branch" "$changes"
