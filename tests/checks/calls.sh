#!/bin/sh
# calls.sh: fails if two files of gen/ call each other, directly or through others: the files'
# calls, read from their objects (nm: what each defines, what each needs), must form no cycle,
# so that the listing reads as the pipeline. Prints the calls between files.
#   calls.sh OBJECT...
set -eu
for o; do
  f=$(basename "$o" .o)
  nm --defined-only -g "$o" | awk -v f="$f" '{ print "def", $3, f }'
  nm --undefined-only -g "$o" | awk -v f="$f" '{ print "use", $2, f }'
done | awk '
  $1 == "def" { by[$2] = $3; next }
  { uses[++n] = $2; who[n] = $3 }
  END {
    for (i = 1; i <= n; i++)
      if ((uses[i] in by) && by[uses[i]] != who[i]) edge[who[i] " " by[uses[i]]] = 1
    for (e in edge) { split(e, p, " "); out[p[1]] = out[p[1]] " " p[2]; files[p[1]]; files[p[2]] }
    # depth-first search for a cycle
    for (f in files) state[f] = 0
    for (f in files) if (state[f] == 0 && visit(f)) { print "calls: a cycle: " path; bad = 1; break }
    if (!bad) { c = 0; for (e in edge) c++; printf "calls: %d calls between the files of gen/, no cycle\n", c }
    exit bad
  }
  function visit(f,   k, list, m) {
    state[f] = 1; stack[++depth] = f
    m = split(out[f], list, " ")
    for (k = 1; k <= m; k++) {
      if (state[list[k]] == 1) { path = ""; for (j = 1; j <= depth; j++) path = path stack[j] " -> "; path = path list[k]; return 1 }
      if (state[list[k]] == 0 && visit(list[k])) return 1
    }
    state[f] = 2; depth--
    return 0
  }'
