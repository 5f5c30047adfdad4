#!/bin/sh
# golden.sh: the golden tables, the output of hhn-gen for every variant (the tables of
# tests/tables.txt with the golden variant), committed so that any change to the output is a
# diff that a review reads.
#   golden.sh check BUILD_DIR     make each again into BUILD_DIR/golden; fail on a difference
#   golden.sh update BUILD_DIR    make each into tests/golden (after a change on purpose)
# Each is made from a folder three levels down (tests/golden/NAME or BUILD_DIR/golden/NAME,
# with BUILD_DIR one level down), so that the command in its banner is the same either way: an
# option --NAME=VALUE is given as --NAME VALUE, a VALUE that is a file from that folder.
set -eu
mode=$1 build=$2
gen=$(cd "$build" && pwd)/hhn-gen
status=0 made=0
set -f
for name in $(sh tests/matrix.sh golden); do
  # shellcheck disable=SC2046
  set -- $(sh tests/matrix.sh options "$name")
  prefix=$1 list=$2
  shift 2
  options=
  for o in "$@"; do
    case $o in
    --*=*)
      v=${o#*=}
      [ -f "$v" ] && v=../../../$v
      options="$options ${o%%=*} $v"
      ;;
    *) options="$options $o" ;;
    esac
  done
  case $mode in
    check) dir=$build/golden/$name ;;
    update) dir=tests/golden/$name ;;
    *) echo "usage: golden.sh check|update BUILD_DIR" >&2; exit 2 ;;
  esac
  rm -rf "$dir" && mkdir -p "$dir"
  # shellcheck disable=SC2086
  if ! (cd "$dir" && GPERF=${GPERF:-gperf} "$gen" --quiet --prefix "$prefix" $options "../../../$list"); then
    echo "golden: hhn-gen failed on $list" >&2
    status=1
    continue
  fi
  made=$((made + 1))
  if [ "$mode" = check ] && ! diff -u "tests/golden/$name" "$dir" > "$dir.diff"; then
    head -n 40 "$dir.diff"
    echo "golden: $name: the output differs from tests/golden/$name (all of it: $dir.diff);" \
      "if the change is meant, make golden and commit the diff" >&2
    status=1
  fi
done
set +f
# No generated file holds a benchmark's figures or a CPU's name: they change from machine to
# machine, and belong in docs/benchmarks.md. (Of the Rust modules, the comments at the left
# margin: the lines of names, which may hold "1%", are left out.)
figures='Zen|Xeon|EPYC|[0-9]%|[0-9] ns\b|[0-9]\.[0-9]+x\b'
if [ "$mode" = check ] && { grep -nE "$figures" lib/hhn.c include/hhn.h include/hhn.hpp \
  tests/golden/*/t.[ch] "$build"/golden/*/t.[ch] ||
  grep -nE '^//' lib/hhn.rs tests/golden/*/t.rs "$build"/golden/*/t.rs | grep -E "$figures"; }; then
  echo "golden: the lines above hold a benchmark's figure or a CPU's name" >&2
  status=1
fi
[ $status = 0 ] && [ "$mode" = check ] && echo "golden: $made tables, each the same as in tests/golden"
exit $status
