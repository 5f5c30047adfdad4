#!/bin/sh
# gen-diff.sh: compares what hhn-gen writes at a git revision (default HEAD) with what the work
# tree's build/hhn-gen writes, on every list in data/ and on lists made here for the output's
# variants; prints each table that differs and exits 1 if any does. Run from the repository:
#   make build/hhn-gen && sh tests/gen-diff.sh [REV]
set -eu
rev=${1:-HEAD}
out=build/gen-diff
rm -rf "$out" && mkdir -p "$out/lists" "$out/old" "$out/new"
git worktree add -q --detach "$out/tree" "$rev"
trap 'git worktree remove --force "$out/tree"' EXIT
make -s -C "$out/tree" build/hhn-gen >/dev/null
cp data/*.in "$out/lists/"
# The variants: short names only, names alike deep inside (a per-length byte; gperf's
# positions), over 256 names, names over 32 bytes, lengths that fold, attributes.
l=$out/lists
printf 'a\nTE\nVia\nDnt\n' > $l/short.in
a60=$(printf '%060d' 0 | tr 0 a)
printf '%s\n%s\nVia\n' "$(echo $a60 | sed 's/./x/41')" "$a60" > $l/perlength.in
printf '%s\n%s\n%s\nVia\nTE\n' "$(echo $a60 | sed 's/./x/31')" "$(echo $a60 | sed 's/./x/36')" \
  "$a60" > $l/gperfs.in
i=0; while [ $i -lt 300 ]; do echo "X-Name-$i"; i=$((i + 1)); done > $l/names300.in
printf 'Access-Control-Allow-Credentials\nAccess-Control-Allow-Credentials2\nVia\n' > $l/long.in
printf '%s\n%s\nVia\n' "$(printf '%065d' 0 | tr 0 a)" "$(printf '%097d' 0 | tr 0 b)" > $l/fold.in
printf 'Accept single hpack=19\nDate single\nVia hop-by-hop\n' > $l/attrs.in
printf 'Accept\n' > $l/one.in
status=0
for list in $l/*.in; do
  name=$(basename "$list" .in)
  for side in old new; do
    gen=$PWD/build/hhn-gen
    [ $side = old ] && gen=$PWD/$out/tree/build/hhn-gen
    mkdir -p "$out/$side/$name"
    (cd "$out/$side/$name" && GPERF=${GPERF:-gperf} "$gen" --prefix t "../../lists/$name.in" \
      > stdout 2>&1) || echo "$side: hhn-gen failed on $name.in: $(cat "$out/$side/$name/stdout")"
  done
  if ! diff -q "$out/old/$name" "$out/new/$name" >/dev/null; then
    echo "gen-diff: $name.in: the table differs (diff -r $out/old/$name $out/new/$name)"
    status=1
  fi
done
[ $status = 0 ] && echo "gen-diff: every table is the same as at $rev"
exit $status
