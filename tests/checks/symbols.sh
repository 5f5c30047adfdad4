#!/bin/sh
# symbols.sh: fails if the shared library LIB exports a symbol that does not begin with PREFIX.
#   symbols.sh LIB PREFIX (run by make check-symbols)
set -eu
bad=$(nm -D --defined-only "$1" | awk -v p="$2" 'index($3, p) != 1 { print $3 }')
if [ -n "$bad" ]; then
  echo "check-symbols: $1 exports" $bad >&2
  exit 1
fi
echo "check-symbols: $1 exports only $2 symbols"
