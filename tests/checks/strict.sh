#!/bin/sh
# strict.sh: compiles generated tables as their strictest users build them, every warning an
# error: each TABLE.c (beside its header) with each compiler of CCS (blank-separated), as C99
# with the warnings of STRICT_FLAGS (those of nghttp2's and stricter builds: declarations
# after statements, shadowing, conversions, ...), with its vector lookups, without the AVX-512
# ones, and without either. Prints
# one line, or the compiler's messages and exits 1.
#   strict.sh "CCS" TABLE.c...
#   strict.sh --flags     the flags alone, for other tests to use
set -eu
flags="-std=c99 -Wall -Wextra -Wpedantic -Wshadow -Wdeclaration-after-statement \
  -Wmissing-prototypes -Wstrict-prototypes -Wmissing-declarations -Wcast-qual -Wcast-align -Wundef \
  -Wwrite-strings -Wformat=2 -Wvla -Wredundant-decls -Wnested-externs -Wconversion \
  -Wsign-conversion -Werror"
if [ "$1" = --flags ]; then
  echo $flags
  exit 0
fi
ccs=$1
shift
obj=$(mktemp "${TMPDIR:-/tmp}/hhn-strict.XXXXXX")
trap 'rm -f "$obj"' EXIT
for cc in $ccs; do
  for table; do
    dir=$(dirname "$table")
    for v in "" -DHHN_AVX2 -DHHN_NO_AVX512 "-DHHN_NO_AVX512 -DHHN_AVX2"; do
      # a table of over 1 MB (big5000: its data is big, not its code, which big1000 has too):
      # its vector lookups alone
      [ -z "$v" ] || [ "$(wc -c < "$table")" -le 1048576 ] || continue
      # shellcheck disable=SC2086
      if ! $cc $flags $v -Iinclude -I"$dir" -c "$table" -o "$obj"; then
        echo "strict.sh: $table does not compile cleanly with $cc $flags $v" >&2
        exit 1
      fi
    done
  done
done
echo "strict.sh: $# tables compile cleanly with $ccs and the strict warnings, with and without" \
  "-DHHN_NO_AVX512 and -DHHN_AVX2 (a table of over 1 MB with its vector lookups alone)"
