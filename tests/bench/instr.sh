#!/bin/sh
# instr.sh: instructions per lookup of each implementation on each stream of the benchmark,
# counted in what the loop calls (the lookup function, what it calls, and any PLT stub on the
# way), not in the loop around it, which the last column shows alone (stable on a noisy machine).
# callgrind counts every implementation but hhn and hhn_lower; valgrind hides AVX-512 from the
# program, so under it those would take what hhn_portable and hhn_lower_portable do. steps
# (steps.c) counts hhn and hhn_lower on the real CPU, which runs the lookups it picks (AVX-512
# or portable), stepping them one instruction at a time.
# Usage: instr.sh BENCH STEPS TRAFFIC_DIR   (run by `make bench-instr`)
set -eu
bench=$1
steps=$2
dir=$3
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
command -v valgrind >/dev/null || { echo "instr.sh: needs valgrind" >&2; exit 1; }
command -v callgrind_annotate >/dev/null || { echo "instr.sh: needs callgrind_annotate" >&2; exit 1; }
# every implementation but hhn and hhn_lower, which are stepped on the real CPU
impls=$("$bench" --list "$dir" | head -n 1 | sed 's/^hhn //; s/ hhn_lower / /')
stepped="hhn hhn_lower"

# ratio A B: A / B to one decimal
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }
# lookups RUN_OUTPUT: the number of lookups that bench reported
lookups() { awk '{ for (k = 1; k <= NF; k++) if ($(k + 1) == "lookups") print $k }' "$1"; }
# steps_per IMPL IDX: instructions per lookup of IMPL on stream IDX, stepped on the real CPU
steps_per() {
  set -- "$1" "$2" $(nm -S --defined-only "$bench" | awk -v fn="run_$1" '$4 == fn { print "0x" $1, "0x" $2 }')
  "$steps" "$3" "$4" "$bench" --step "$1" "$2" "$dir" >"$out/run" 2>"$out/log"
  ratio "$(awk '$1 == "loop" { print $4 }' "$out/run")" "$(lookups "$out/run")"
}
# callgrind_per IMPL IDX: the same counted by callgrind (the loop alone for loop_only)
callgrind_per() {
  valgrind --tool=callgrind --callgrind-out-file="$out/cg" --toggle-collect="run_$1" \
    "$bench" --instr "$1" "$2" "$dir" >"$out/run" 2>"$out/log"
  total=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p; s/^summary: *\([0-9]*\).*/\1/p' "$out/cg" | head -n 1)
  self=$(callgrind_annotate --threshold=100 "$out/cg" |
    awk -v fn=":run_$1" '$NF ~ /^\[/ && $(NF - 1) ~ fn "$" { gsub(",", "", $1); print $1; exit }')
  if [ "$1" = loop_only ]; then ratio "$self" "$(lookups "$out/run")"; else ratio $((total - self)) "$(lookups "$out/run")"; fi
}

printf '\ninstructions per lookup in what the loop calls (in brackets: how many times hhn'"'"'s on\n'
printf 'this CPU, which runs what it picks); the rest counted by callgrind, whose CPU has AVX2\n'
printf 'and not AVX-512; hhn_lower and switch are given lowercase names; the last column is the\n'
printf 'loop around each call, the same for all\n\n'
printf '| stream |'
for impl in $stepped; do printf ' %s, this CPU (steps) |' "$impl"; done
for impl in $impls; do
  case $impl in loop_only) ;; *) printf ' %s |' "$impl" ;; esac
done
printf ' loop |\n|---|'
for impl in $stepped $impls; do printf -- '---:|'; done
printf '\n'
"$bench" --list "$dir" | tail -n +2 | while read -r idx label; do
  printf '| %s |' "$label"
  base=
  for impl in $stepped; do
    per=$(steps_per "$impl" "$idx")
    if [ -z "$base" ]; then base=$per; printf ' %s |' "$per"; else printf ' %s (%sx) |' "$per" "$(ratio "$per" "$base")"; fi
  done
  for impl in $impls; do
    per=$(callgrind_per "$impl" "$idx")
    if [ "$impl" = loop_only ]; then
      printf ' %s |' "$per"
    elif [ -z "$base" ]; then
      base=$per
      printf ' %s |' "$per"
    else
      printf ' %s (%sx) |' "$per" "$(ratio "$per" "$base")"
    fi
  done
  printf '\n'
done
