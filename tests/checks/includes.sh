#!/bin/sh
# includes.sh: fails if two files of gen/ include each other's header, directly: a file X
# (X.c and X.h) depends on Y when either includes Y.h, and no two may depend on each other.
# Prints how many dependencies there are. Usage: includes.sh FILE... (gen/*.c gen/*.h)
set -eu
for f; do
  b=$(basename "$f") && b=${b%.*}
  sed -n 's/^#include "\([a-z0-9_]*\)\.h".*/\1/p' "$f" | awk -v b="$b" '$1 != b { print b, $1 }'
done | sort -u | awk '
  { dep[$1 " " $2] = 1; n++ }
  END {
    for (d in dep) { split(d, p, " "); if ((p[2] " " p[1]) in dep && p[1] < p[2]) { print "includes: " p[1] " and " p[2] " include each other"; bad = 1 } }
    if (!bad) printf "includes: %d dependencies between the files of gen/, none both ways\n", n
    exit bad
  }'
