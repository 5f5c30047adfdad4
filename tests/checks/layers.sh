#!/bin/sh
# layers.sh: fails if a file of gen/ calls one of a later folder of the pipeline, or of a sibling
# folder (gen/emit/c and gen/emit/rust): the calls, read from the objects, run from the program
# down to the base, so that the folders read in pipeline order. Prints the calls between folders.
#   layers.sh BUILD LAYER... -- OBJECT...  (layers from the top; a LAYER: a folder, or siblings
#   joined by ",")
set -eu
build=$1
shift
rank=0 ranks=""
while [ "$1" != "--" ]; do
  for d in $(echo "$1" | tr ',' ' '); do ranks="$ranks $d=$rank"; done
  rank=$((rank + 1))
  shift
done
shift
for o; do
  d=$(dirname "${o#"$build"/}")
  nm --defined-only -g "$o" | awk -v d="$d" '{ print "def", $3, d }'
  nm --undefined-only -g "$o" | awk -v d="$d" '{ print "use", $2, d }'
done | awk -v ranks="$ranks" '
  BEGIN { n = split(ranks, r, " "); for (i = 1; i <= n; i++) { split(r[i], kv, "="); rank[kv[1]] = kv[2] } }
  $1 == "def" { by[$2] = $3; next }
  ($2 in by) && by[$2] != $3 { edge[$3 " -> " by[$2]]++ }
  END {
    for (e in edge) {
      split(e, p, " -> ")
      if (!(p[1] in rank) || !(p[2] in rank)) { print "layers: " p[1] " or " p[2] " is in no layer"; bad = 1; continue }
      if (rank[p[1]] >= rank[p[2]]) { print "layers: " e " calls upward or aside (" edge[e] " symbols)"; bad = 1 }
      else c++
    }
    if (!bad) printf "layers: %d calls between folders, each down the pipeline\n", c
    exit bad
  }'
