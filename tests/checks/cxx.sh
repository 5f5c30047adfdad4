#!/bin/sh
# cxx.sh: compiles generated tables as C++: each TABLE.c (beside its header) with each compiler
# of CXXS (blank-separated), as C++17, -Wall -Wextra -Werror, with its vector lookups, with the
# AVX2 ones too (-DHHN_AVX2) and without the AVX-512 ones; the first table also as C++11 and C++20 (the others differ from it in data, not in
# the constructs the standards treat apart). Prints one line, or the compiler's messages and
# exits 1.
#   cxx.sh "CXXS" TABLE.c...
set -eu
cxxs=$1
shift
obj=$(mktemp "${TMPDIR:-/tmp}/hhn-cxx.XXXXXX")
trap 'rm -f "$obj"' EXIT
n=0
for table; do
  for cxx in $cxxs; do
    stds=c++17
    [ "$table" = "$1" ] && stds="c++11 c++17 c++20"
    for std in $stds; do
      for v in "" -DHHN_AVX2 -DHHN_NO_AVX512; do
        # a table of over 1 MB (big5000: its data is big, not its code, which big1000 has too):
        # its vector lookups alone
        [ -z "$v" ] || [ "$(wc -c < "$table")" -le 1048576 ] || continue
        # shellcheck disable=SC2086
        $cxx -x c++ -std=$std -Wall -Wextra -Werror $v -Iinclude -I"$(dirname "$table")" \
          -c "$table" -o "$obj" || { echo "cxx: $table does not compile: $cxx -std=$std $v" >&2; exit 1; }
        n=$((n + 1))
      done
    done
  done
done
echo "cxx: $# tables compile as C++17 ($1 also as C++11 and C++20) with $cxxs, with and without AVX-512 and AVX2 (a table of over 1 MB with them alone), -Werror ($n builds)"
