#!/bin/sh
# partial.sh: fails where a compiler loads a byte or a 16-bit word of a table into part of a
# register (`mov cl, BYTE PTR ...`): on x86 such a load waits for what the register held before,
# often the caller's last answer, so that each lookup waits on the one before (clang 14 did it
# with the word hash's shift, 1.6-1.9 times the time in a loop of lookups). Each TABLE.c (beside
# its header) is built by each compiler of CCS (blank-separated) at -O2 (and by clang at -Os too), with its
# vector lookups, without the AVX-512 ones, and without either, and its code read by objdump: every
# function but the cold ones (the rare path, the verdict of an unknown name, the chains), where
# such a load waits at most for a value of the same call. Prints one line, or each load with its
# function, and exits 1. On a CPU other than x86-64 it
# says so and passes.
#   partial.sh "CCS" TABLE.c...
set -eu
case $(uname -m) in
  x86_64) ;;
  *) echo "partial.sh: not an x86-64 machine: nothing to read"; exit 0 ;;
esac
ccs=$1
shift
obj=$(mktemp "${TMPDIR:-/tmp}/hhn-partial.XXXXXX")
trap 'rm -f "$obj"' EXIT
bad=0
for cc in $ccs; do
  for table; do
    dir=$(dirname "$table")
    os=-O2
    case $cc in *clang*) os="-O2 -Os" ;; esac
    for o in $os; do
      for v in "" -DHHN_NO_AVX512 "-DHHN_NO_AVX512 -DHHN_AVX2"; do
        # shellcheck disable=SC2086
        $cc -std=c99 $o $v -Iinclude -I"$dir" -c "$table" -o "$obj"
        found=$(objdump -d --no-show-raw-insn -M intel "$obj" | awk '
          /^[0-9a-f]+ </ { fn = $2; cold = fn ~ /rare|unknown|units16|chained|\.cold/ }
          !cold && /\tmov +([abcd]l|[sd]il|r[0-9]+b|[abcd]h|[abcd]x|[sd]i|r[0-9]+w),(BYTE|WORD) PTR/ {
            sub(/^ +/, ""); print "  " fn " " $0 }')
        if [ -n "$found" ]; then
          echo "partial.sh: $cc $o $v loads into part of a register in $table:" >&2
          echo "$found" >&2
          bad=1
        fi
      done
    done
  done
done
[ $bad = 0 ] || exit 1
echo "partial.sh: $# tables load no byte or word into part of a register outside their cold" \
  "paths, by $ccs at -O2 (clang at -Os too), with and without -DHHN_NO_AVX512 and -DHHN_AVX2"
