#!/bin/sh
# ab.sh: times the table that the work tree's hhn-gen writes for a list (hhn) against the one
# that a git revision's hhn-gen writes (old), side by side in one process, warm and with cold
# caches, with the vector lookups the CPU picks, with -DHHN_NO_AVX512 -DHHN_AVX2 (the AVX2 ones
# where the CPU and a table have them) and with -DHHN_NO_AVX512 -DHHN_NO_AVX2 (the portable ones;
# HHN_NO_AVX2 for a revision from before the AVX2 lookups were built only on request), and
# lookup_lower beside lookup when both
# tables have it; each twice, the two tables linked and timed in one order and then in the
# other, since code placement alone can move a time by a few percent. Run from the repository (`make bench-ab REV=... LIST=...` does):
#   make build/hhn-gen build/bench/linear.o && sh tests/bench/ab.sh [REV [LIST]]
# (defaults: HEAD and the default list; linear.o holds null_lookup, the loop's own cost).
# Last, a summary: new over old for each build, loop and stream, the range over the runs. A VM's
# timings swing by phases of seconds: rerun a binary, then summarize every run, e.g.
#   b=build/bench/ab/bench-portable-1; $b build/traffic | { echo '## portable, rerun'; cat; } >> $b.md
#   cat build/bench/ab/bench-*.md | awk -f tests/bench/ab-summary.awk
# GEN_FLAGS, if set, are more options for the work tree's hhn-gen alone: GEN_FLAGS='--key-positions
# $-1,$-13' times a table of those key positions against REV's own choice.
set -eu
rev=${1:-HEAD}
list=${2:-data/HTTPHeaderNames.in}
: "${CC:=cc}" "${CFLAGS:=-O2 -g}"
out=build/bench/ab
rm -rf "$out" && mkdir -p "$out/hhn" "$out/old"
git worktree add -q --detach "$out/tree" "$rev"
trap 'git worktree remove --force "$out/tree"' EXIT
make -s -C "$out/tree" build/hhn-gen >/dev/null
# shellcheck disable=SC2086 # GEN_FLAGS is a list of options
build/hhn-gen --quiet ${GEN_FLAGS:-} --prefix hhn --output-dir "$out/hhn" "$list"
"$out/tree/build/hhn-gen" --prefix old --output-dir "$out/old" "$list" </dev/null

cflags="-std=c99 -D_POSIX_C_SOURCE=200809L $CFLAGS"
# both tables have lookup_lower: time it too (a revision from before it has none)
lower=
grep -q 'old_lookup_lower' "$out/old/old.h" && lower=-DHHN_BENCH_AB_LOWER
# bytes OBJECT: what `size` counts of it
bytes() { size "$1" | awk 'NR == 2 { print $4 }'; }
for lookups in both avx2 portable; do
  flags=
  bflags=
  [ $lookups = avx2 ] && flags="-DHHN_NO_AVX512 -DHHN_AVX2" bflags=-DHHN_BENCH_AB_AVX2
  [ $lookups = portable ] && flags="-DHHN_NO_AVX512 -DHHN_NO_AVX2" bflags=-DHHN_BENCH_AB_PORTABLE
  for side in hhn old; do
    $CC $cflags $flags -c "$out/$side/$side.c" -o "$out/$side/$side-$lookups.o"
  done
  printf '#define HHN_BYTES %s\n#define OLD_BYTES %s\n' "$(bytes "$out/hhn/hhn-$lookups.o")" \
    "$(bytes "$out/old/old-$lookups.o")" > "$out/sizes.h"
  for order in 1 2; do
    objs="$out/hhn/hhn-$lookups.o $out/old/old-$lookups.o"
    [ $order = 2 ] && objs="$out/old/old-$lookups.o $out/hhn/hhn-$lookups.o"
    bin=$out/bench-$lookups-$order
    $CC $cflags -Wall -Wextra -Werror -DHHN_BENCH_AB=$order $lower $bflags -I"$out/hhn" -I"$out" -Itests/bench \
      tests/bench/bench.c tests/bench/core.c $objs build/bench/linear.o -o "$bin"
    {
      printf '\n## %s lookups, %s first (hhn: the work tree'"'"'s hhn-gen%s; old: %s'"'"'s), %s\n' \
        "$lookups" "$([ $order = 1 ] && echo hhn || echo old)" "${GEN_FLAGS:+ $GEN_FLAGS}" "$rev" "$list"
      # shellcheck disable=SC2086 # BENCH_RUN is a command and its options, or nothing
      ${BENCH_RUN:-} "$bin" "${TRAFFIC:-build/traffic}"
    } > "$bin.md"
    cat "$bin.md"
  done
done
cat "$out"/bench-*.md | awk -f tests/bench/ab-summary.awk
