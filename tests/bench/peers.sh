#!/bin/sh
# peers.sh: what the benchmark makes of its peers, on stdout; run by make (tests/bench/bench.mk).
#   peers.sh gperf PREFIX LIST    gperf's input for the list with WebKit's declarations (those of
#                                 its HTTPHeaderNames.gperf), its functions named PREFIX_...
#   peers.sh sizes OBJECT...      TABLE_BYTES, each object's bytes as size counts them (text,
#                                 data and bss), in the order of bench.c's implementations
set -eu
case $1 in
  gperf)
    p=$2
    printf '%s\n' '%{' '#include <string.h>' '#include "peers.h"' '%}' '%struct-type' \
      '%ignore-case' '%compare-strncmp' '%readonly-tables' '%global-table' \
      "%define lookup-function-name ${p}_find" "%define hash-function-name ${p}_hash" \
      "%define word-array-name ${p}_words" "struct ${p}_entry { const char *name; int id; };" '%%'
    awk '/^[ \t]*\/\// { next } { sub(/\r$/, "") } NF { print $1 ", " n++ }' "$3"
    printf '%s\n' '%%' "int ${p}_lookup(const char *name, size_t len) {" \
      "  const struct ${p}_entry *e = ${p}_find(name, len);" '  return e ? e->id : -1;' '}' ;;
  sizes)
    shift
    printf '#define TABLE_BYTES {'
    size "$@" | awk 'NR > 1 { printf "%s, ", $4 }'
    printf '0}\n' ;;
  *) echo "usage: peers.sh gperf PREFIX LIST | sizes OBJECT..." >&2; exit 2 ;;
esac
