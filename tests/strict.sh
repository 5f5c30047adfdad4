#!/bin/sh
# strict.sh: compiles generated tables as their users build them, with every warning an error:
# each TABLE.c (beside its header) with each compiler of CCS (blank-separated), as strict C99,
# with its AVX-512 lookups and without. Prints one line, or the compiler's messages and exits 1.
#   strict.sh "CCS" TABLE.c...
set -eu
ccs=$1
shift
flags="-std=c99 -pedantic -Wall -Wextra -Werror"
obj=$(mktemp "${TMPDIR:-/tmp}/hhn-strict.XXXXXX")
trap 'rm -f "$obj"' EXIT
for cc in $ccs; do
  for table; do
    dir=$(dirname "$table")
    for v in "" -DHHN_NO_AVX512; do
      # shellcheck disable=SC2086
      if ! $cc $flags $v -Iinclude -I"$dir" -c "$table" -o "$obj"; then
        echo "strict.sh: $table does not compile cleanly with $cc $flags $v" >&2
        exit 1
      fi
    done
  done
done
echo "strict.sh: $# tables compile cleanly with $ccs, with and without -DHHN_NO_AVX512"
