#!/bin/sh
# instr.sh: instructions per lookup of each implementation on each stream of the benchmark,
# counted in what the loop calls (the lookup function, what it calls, and any PLT stub on the
# way), not in the loop around it, which the last column shows alone (stable on a noisy machine).
# callgrind counts every implementation; but valgrind hides AVX-512 from the program, so under it
# hhn_lookup takes lookup_portable. On a CPU with AVX-512BW and VL, steps (steps.c) also counts
# hhn on the real CPU, which runs lookup_avx512, stepping it one instruction at a time.
# Usage: instr.sh BENCH STEPS TRAFFIC_DIR   (run by `make bench-instr`)
set -eu
bench=$1
steps=$2
dir=$3
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
command -v valgrind >/dev/null || { echo "instr.sh: needs valgrind" >&2; exit 1; }
command -v callgrind_annotate >/dev/null || { echo "instr.sh: needs callgrind_annotate" >&2; exit 1; }
avx512=no
grep -qw avx512bw /proc/cpuinfo 2>/dev/null && grep -qw avx512vl /proc/cpuinfo && avx512=yes
# every implementation but hhn_portable, which under valgrind counts what hhn does
impls=$("$bench" --list | head -n 1 | sed 's/ hhn_portable//')

# ratio A B: A / B to one decimal
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }
# lookups RUN_OUTPUT: the number of lookups that bench reported
lookups() { awk '{ for (k = 1; k <= NF; k++) if ($(k + 1) == "lookups") print $k }' "$1"; }

printf '\ninstructions per lookup in what the loop calls (in brackets: how many times hhn'"'"'s on\n'
printf 'this CPU); hhn portable is lookup_portable, which valgrind makes hhn_lookup take; the\n'
printf 'last column is the loop around each call, the same for all\n\n'
printf '| stream | hhn, this CPU (steps) |'
for impl in $impls; do
  case $impl in hhn) printf ' hhn portable (callgrind) |' ;; loop_only) ;; *) printf ' %s |' "$impl" ;; esac
done
printf ' loop |\n|---|---:|'
for impl in $impls; do printf -- '---:|'; done
printf '\n'
"$bench" --list | tail -n +2 | while read -r idx label; do
  printf '| %s |' "$label"
  base=
  if [ $avx512 = yes ]; then
    set -- $(nm -S --defined-only "$bench" | awk '$4 == "run_hhn" { print "0x" $1, "0x" $2 }')
    "$steps" "$1" "$2" "$bench" --step hhn "$idx" "$dir" >"$out/run" 2>"$out/log"
    inside=$(awk '$1 == "loop" { print $4 }' "$out/run")
    base=$(ratio "$inside" "$(lookups "$out/run")")
    printf ' %s |' "$base"
  else
    printf ' (no AVX-512) |'
  fi
  for impl in $impls; do
    valgrind --tool=callgrind --callgrind-out-file="$out/cg" --toggle-collect="run_$impl" \
      "$bench" --instr "$impl" "$idx" "$dir" >"$out/run" 2>"$out/log"
    total=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p; s/^summary: *\([0-9]*\).*/\1/p' "$out/cg" | head -n 1)
    self=$(callgrind_annotate --threshold=100 "$out/cg" |
      awk -v fn=":run_$impl" '$NF ~ /^\[/ && $(NF - 1) ~ fn "$" { gsub(",", "", $1); print $1; exit }')
    n=$(lookups "$out/run")
    if [ "$impl" = loop_only ]; then # the loop alone
      printf ' %s |' "$(ratio "$self" "$n")"
      continue
    fi
    per=$(ratio $((total - self)) "$n")
    if [ -z "$base" ]; then
      base=$per
      printf ' %s |' "$per"
    else
      printf ' %s (%sx) |' "$per" "$(ratio "$per" "$base")"
    fi
  done
  printf '\n'
done
