#!/bin/sh
# hpp.sh: tests the C++ layer that hhn-gen --cxx writes (P.hpp) of each table DIR/P given:
# tests/cxx/check_hpp.cpp, built by each compiler of CXXS as C++17 and C++20 with -Wall -Wextra
# -Wpedantic -Werror and linked with the table built as C, must give the C table's answers;
# and, for the first table (which must be the default, hhn), each function of
# tests/cxx/hpp_call.cpp built with -O2 must jump to the C function, with no call of its own,
# and built as C++14, its first error must be the header's own, asking for C++17.
#   hpp.sh "CXXS" DIR/P...
set -eu
cxxs=$1
shift
work=$(mktemp -d "${TMPDIR:-/tmp}/hhn-hpp.XXXXXX")
trap 'rm -rf "$work"' EXIT
for base; do
  dir=${base%/*} p=${base##*/}
  up=$(echo "$p" | tr a-z A-Z)
  ${CC:-cc} -std=c99 -O2 -I"$dir" -c "$base.c" -o "$work/$p.o"
  for cxx in $cxxs; do
    for std in c++17 c++20; do
      fields=
      grep -q "define ${up}_FIELD_COUNT" "$dir/$p.h" && fields=-DFIELDS # a table of fields
      $cxx -std=$std -O2 -Wall -Wextra -Wpedantic -Werror -I"$dir" -DNS="$p" -DNSU="$up" $fields \
        tests/cxx/check_hpp.cpp "$work/$p.o" -o "$work/check"
      "$work/check" > "$work/log" || { echo "hpp: $base, $cxx -std=$std: $(cat "$work/log")" >&2; exit 1; }
      echo "hpp: $p.hpp ($cxx -std=$std): $(tail -n 1 "$work/log")"
    done
  done
done
dir=${1%/*}
for cxx in $cxxs; do
  $cxx -std=c++17 -O2 -Wall -Wextra -Werror -I"$dir" -c tests/cxx/hpp_call.cpp -o "$work/call.o"
  for f in hpp_lookup hpp_lookup16 hpp_lookup_lower hpp_lookup16_lower hpp_classify hpp_classify16_lower; do
    body=$(objdump -d --no-show-raw-insn "$work/call.o" | sed -n "/<$f>:/,/^\$/p")
    if ! printf '%s\n' "$body" | grep -q 'jmp' || printf '%s\n' "$body" | grep -q 'call'; then
      printf 'hpp: %s (%s -O2) is not a jump to the C function:\n%s\n' "$f" "$cxx" "$body" >&2
      exit 1
    fi
  done
  echo "hpp: hhn::lookup, its UTF-16 overload, lookup_lower and classify are each a jump to the C function ($cxx -O2)"
  # C++14 (clang++ 14's default): the first error says what to do
  first=$($cxx -std=c++14 -I"$dir" -c tests/cxx/hpp_call.cpp -o "$work/call14.o" 2>&1 | grep -m 1 'error') || true
  case $first in
  *"hhn.hpp needs C++17 or later"*) echo "hpp: under C++14, $cxx's first error asks for C++17" ;;
  *) echo "hpp: under C++14, $cxx's first error is not hhn.hpp's: $first" >&2; exit 1 ;;
  esac
done
