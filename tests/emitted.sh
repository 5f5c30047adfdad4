#!/bin/sh
# emitted.sh: builds and runs the test that hhn-gen --test wrote beside each table, as the
# table's user would: P_test.c with P.c (or alone, when it includes a one-file P.c), with the
# strict warnings of tests/strict.sh, by each compiler of CCS, with the AVX-512 lookups and
# without (EMITTED_AVX512=0: without alone); each build runs. Prints one line per table, or the
# failure, and exits 1 if any failed.
#   emitted.sh "CCS" DIR/P...
set -eu
ccs=$1
shift
flags="$(sh tests/strict.sh --flags) -O2"
failed=0
for base; do
  dir=${base%/*} p=${base##*/}
  srcs="$base.c"
  grep -q "^#include \"$p.c\"" "$base"_test.c && srcs= # one file: the test includes it
  for cc in $ccs; do
    variants="x -DHHN_NO_AVX512"
    [ "${EMITTED_AVX512:-1}" = 0 ] && variants=-DHHN_NO_AVX512
    for v in $variants; do
      [ "$v" = x ] && v=
      # shellcheck disable=SC2086
      if ! $cc $flags $v -I"$dir" -o "$base"_test "$base"_test.c $srcs 2> "$base"_test.log; then
        echo "emitted: $base: $cc $v does not build ${p}_test.c: $(head -n 3 "$base"_test.log)"
        failed=1
      elif ! "$base"_test > "$base"_test.log 2>&1; then
        echo "emitted: $base: $cc $v: $(grep -m 1 FAIL "$base"_test.log)"
        failed=1
      else
        echo "emitted: $base ($cc $v): $(tail -n 1 "$base"_test.log)"
      fi
    done
  done
  rm -f "$base"_test "$base"_test.log
done
exit $failed
