#!/bin/sh
# peers.sh: what the benchmark makes of its peers, on stdout; run by make (tests/bench/bench.mk).
#   peers.sh gperf PREFIX LIST    gperf's input for the list with WebKit's declarations (those of
#                                 its HTTPHeaderNames.gperf), its functions named PREFIX_...
#   peers.sh ref LIST             C arrays of the list's names and ids, for the linear scan
#   peers.sh sizes OBJECT...      TABLE_BYTES, each object's bytes as size counts them (text,
#                                 data and bss), in the order of bench.c's implementations
# A name's id is its id=N, or the id before it plus one (0 for the first), as hhn-gen gives it.
set -eu
# ids LIST: each name of the list and its id, a line each (comments, CRs and flags aside)
ids() {
  awk '/^[ \t]*\/\// { next } { sub(/\r$/, "") } NF {
    id = n + 0; for (i = 2; i <= NF; i++) if ($i ~ /^id=[0-9]+$/) id = substr($i, 4) + 0
    print $1, id; n = id + 1 }' "$1"
}
case $1 in
  gperf)
    p=$2
    printf '%s\n' '%{' '#include <string.h>' '#include "peers.h"' '%}' '%struct-type' \
      '%ignore-case' '%compare-strncmp' '%readonly-tables' '%global-table' \
      "%define lookup-function-name ${p}_find" "%define hash-function-name ${p}_hash" \
      "%define word-array-name ${p}_words" "struct ${p}_entry { const char *name; int id; };" '%%'
    ids "$3" | awk '{ print $1 ", " $2 }'
    printf '%s\n' '%%' "int ${p}_lookup(const char *name, size_t len) {" \
      "  const struct ${p}_entry *e = ${p}_find(name, len);" '  return e ? e->id : -1;' '}' ;;
  ref)
    echo "/* Made by tests/bench/peers.sh from $2. */"
    echo 'static const struct { const char *name; int id; } ref_names[] = {'
    ids "$2" | awk '{ printf "    {\"%s\", %s},\n", $1, $2 }'
    echo '};' ;;
  sizes)
    shift
    printf '#define TABLE_BYTES {'
    size "$@" | awk 'NR > 1 { printf "%s, ", $4 }'
    printf '0}\n' ;;
  *) echo "usage: peers.sh gperf PREFIX LIST | ref LIST | sizes OBJECT..." >&2; exit 2 ;;
esac
