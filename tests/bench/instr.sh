#!/bin/sh
# instr.sh: instructions per lookup of each implementation on each stream of the benchmark,
# counted by callgrind inside the lookup function (and what it calls), not in the loop around
# it, which the last column shows alone (stable on a noisy machine).
# Usage: instr.sh BENCH TRAFFIC_DIR   (run by `make bench-instr`)
set -eu
bench=$1
dir=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
command -v valgrind >/dev/null || { echo "instr.sh: needs valgrind" >&2; exit 1; }
command -v callgrind_annotate >/dev/null || { echo "instr.sh: needs callgrind_annotate" >&2; exit 1; }
pairs=$("$bench" --list | head -n 1)
printf '\ninstructions per lookup inside the lookup function, counted by callgrind (in brackets:\n'
printf 'how many times hhn'"'"'s); the last column is the loop around each call, the same for all\n\n'
printf '| stream |'
for p in $pairs; do [ "${p%%=*}" = loop_only ] || printf ' %s |' "${p%%=*}"; done
printf ' loop |\n|---|'
for p in $pairs; do printf -- '---:|'; done
printf '\n'
"$bench" --list | tail -n +2 | while read -r idx label; do
  printf '| %s |' "$label"
  base=
  for p in $pairs; do
    impl=${p%%=*} fn=${p#*=}
    valgrind --tool=callgrind --callgrind-out-file="$out/cg" --toggle-collect="run_$impl" \
      "$bench" --instr "$impl" "$idx" "$dir" >"$out/run" 2>"$out/log"
    total=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p; s/^summary: *\([0-9]*\).*/\1/p' "$out/cg" | head -n 1)
    inside=$(callgrind_annotate --inclusive=yes --threshold=100 "$out/cg" |
      awk -v fn=":$fn" '$NF ~ /^\[/ && $(NF - 1) ~ fn "$" { gsub(",", "", $1); print $1; exit }')
    n=$(awk '{ for (k = 1; k <= NF; k++) if ($(k + 1) == "lookups") print $k }' "$out/run")
    if [ "$impl" = loop_only ]; then # the loop alone: all it runs but the call's target
      printf ' %s |' "$(awk -v t="$total" -v i="$inside" -v n="$n" 'BEGIN { printf "%.1f", (t - i) / n }')"
      continue
    fi
    per=$(awk -v i="$inside" -v n="$n" 'BEGIN { printf "%.1f", i / n }')
    if [ -z "$base" ]; then
      base=$per
      printf ' %s |' "$per"
    else
      printf ' %s (%sx) |' "$per" "$(awk -v a="$per" -v b="$base" 'BEGIN { printf "%.1f", a / b }')"
    fi
  done
  printf '\n'
done
