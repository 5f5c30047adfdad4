#!/bin/sh
# instr.sh: instructions per lookup of each implementation on each stream of the benchmark,
# counted by callgrind around the implementation's loop alone (stable on a noisy machine).
# Usage: instr.sh BENCH TRAFFIC_DIR   (run by `make bench-instr`)
set -eu
bench=$1
dir=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
command -v valgrind >/dev/null || { echo "instr.sh: needs valgrind" >&2; exit 1; }
impls=$("$bench" --list | head -n 1)
printf '\ninstructions per lookup, counted by callgrind (in brackets: how many times hhn'"'"'s)\n\n'
printf '| stream |'
for i in $impls; do printf ' %s |' "$i"; done
printf '\n|---|'
for i in $impls; do printf -- '---:|'; done
printf '\n'
"$bench" --list 2>/dev/null | tail -n +2 | while read -r idx label; do
  printf '| %s |' "$label"
  base=
  for i in $impls; do
    valgrind --tool=callgrind --callgrind-out-file="$out/cg" --toggle-collect="run_$i" \
      "$bench" --instr "$i" "$idx" "$dir" >"$out/run" 2>"$out/log"
    total=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p; s/^summary: *\([0-9]*\).*/\1/p' "$out/cg" | head -n 1)
    n=$(awk '{ for (k = 1; k <= NF; k++) if ($(k + 1) == "lookups") print $k }' "$out/run")
    per=$(awk -v t="$total" -v n="$n" 'BEGIN { printf "%.1f", t / n }')
    if [ -z "$base" ]; then
      base=$per
      printf ' %s |' "$per"
    else
      printf ' %s (%sx) |' "$per" "$(awk -v a="$per" -v b="$base" 'BEGIN { printf "%.1f", a / b }')"
    fi
  done
  printf '\n'
done
