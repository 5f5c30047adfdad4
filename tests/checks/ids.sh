#!/bin/sh
# ids.sh: each list of tests/data/ids that says it holds a stack's tokens holds them all, with
# the stack's values, in its order: the same "name id" lines as the stack's own enum, which
# tools/stack-ids.sh extracted into LIST's .tokens beside it. Prints one line; exits 1 on a
# difference, which it shows.
#   ids.sh LIST.in...
set -eu
for list; do
  tokens=${list%.in}.tokens
  got=$(mktemp "${TMPDIR:-/tmp}/hhn-ids.XXXXXX")
  # the names and ids of the list, as tools/stack-ids.sh prints a stack's
  awk '!/^\/\// && NF { id = ""; for (i = 2; i <= NF; i++) if ($i ~ /^id=/) id = substr($i, 4)
    print $1, id }' "$list" > "$got"
  if ! grep -v '^#' "$tokens" | diff -u - "$got"; then
    rm -f "$got"
    echo "ids.sh: $list is not the stack's list in $tokens" >&2
    exit 1
  fi
  rm -f "$got"
done
echo "ids.sh: $# lists are their stacks' token lists, whole"
