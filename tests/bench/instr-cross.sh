#!/bin/sh
# instr-cross.sh: instructions per lookup on another CPU, counted under qemu-user, where nothing
# can be timed: the benchmark built static for TARGET, each implementation run once over a stream
# (bench --instr) with qemu logging every translated block (in_asm) and every run of one (exec,
# with nochain so that none is skipped), both only within the functions that the loop calls: each
# implementation's own object and memcmp (the switch's only callee in the C library). The sum of
# each block's runs times its instructions, over the lookups, is what the loop calls per lookup,
# as instr.sh counts with callgrind on this CPU; the last column is the loop around each call.
# A CPU without AVX-512 runs the portable lookups, so hhn is hhn_portable here.
# Usage: instr-cross.sh BUILD_DIR [TARGET]   (run by `make bench-instr-cross`, from the repository;
#   TARGET: aarch64 (the default), armhf or s390x; HHNP_NAMES: the flags of the hhnp_ build)
set -eu
build=$1
target=${2:-aarch64}
case $target in
aarch64) cc=aarch64-linux-gnu-gcc qemu=qemu-aarch64 ;;
armhf) cc=arm-linux-gnueabihf-gcc qemu=qemu-arm ;;
s390x) cc=s390x-linux-gnu-gcc qemu=qemu-s390x ;;
*)
  echo "instr-cross.sh: no target '$target' (aarch64, armhf, s390x)" >&2
  exit 2
  ;;
esac
for tool in "$cc" "$qemu"; do
  command -v "$tool" >/dev/null || { echo "instr-cross.sh: needs $tool" >&2; exit 1; }
done
out=$build/bench/$target
rm -rf "$out" && mkdir -p "$out"
log=$out/qemu.log
trap 'rm -f "$log"' EXIT

# the benchmark and its peers, as bench.mk builds them, static for the target
flags="-std=c99 -D_POSIX_C_SOURCE=200809L -O2"
# shellcheck disable=SC2086 # flags and HHNP_NAMES are lists of options
{
  $cc $flags -I"$build/bench/table" -c "$build/bench/table/hhn.c" -o "$out/hhn.o"
  $cc $flags -I"$build/bench/table" ${HHNP_NAMES:--DHHN_NO_AVX512} -c "$build/bench/table/hhn.c" -o "$out/hhnp.o"
  $cc $flags -I"$build/bench/table" ${HHNA_NAMES:--DHHN_NO_AVX512} -c "$build/bench/table/hhn.c" -o "$out/hhna.o"
  for peer in webkit gperfk switch; do
    $cc $flags -Itests/bench -c "$build/bench/$peer.c" -o "$out/$peer.o"
  done
  $cc $flags -Itests/bench -I"$build/bench" -c tests/bench/linear.c -o "$out/linear.o"
  $cc $flags -static -I"$build/bench/table" -Itests/bench -I"$build/bench" tests/bench/bench.c tests/bench/core.c \
    "$out/hhnp.o" "$out/hhna.o" \
    "$out/webkit.o" "$out/gperfk.o" "$out/switch.o" "$out/linear.o" "$out/hhn.o" -o "$out/bench"
}
bench=$out/bench

# defined OBJECT...: the functions that the objects define
defined() { for o in "$@"; do nm --defined-only "$o" | awk '$2 ~ /^[tT]$/ { print $3 }'; done; }
# ranges FUNCTION...: qemu's -dfilter of those functions of the benchmark, and of memcmp's
ranges() {
  printf '%s\n' "$@" | awk 'NR == FNR { want[$1] = 1; next }
    ($4 in want || $4 ~ /memcmp/) && $3 ~ /^[tTiW]$/ { printf "%s0x%s+0x%s", sep, $1, $2; sep = "," }' \
    - "$out/syms"
}
nm -S --defined-only "$bench" > "$out/syms"
# count IMPL STREAM FUNCTION...: the instructions run within the functions by bench --instr
count() {
  impl=$1 idx=$2
  shift 2
  "$qemu" -d nochain,in_asm,exec -dfilter "$(ranges "$@")" -D "$log" \
    "$bench" --instr "$impl" "$idx" "${TRAFFIC:-build/traffic}" > "$out/run"
  awk '/^IN:/ { block = 1; pc = ""; n = 0; next }
    block && /^0x/ { if (pc == "") { pc = $1; sub(/:$/, "", pc); sub(/^0x0*/, "", pc) } n++; next }
    block && /^$/ { if (pc != "") size[pc] = n; block = 0; next }
    /^Trace/ { split($4, f, "/"); p = f[2]; sub(/^0*/, "", p); runs[p]++ }
    END { for (p in runs) { if (!(p in size)) exit 1; total += runs[p] * size[p] } print total + 0 }' "$log"
}
# lookups: how many the last run made
lookups() { awk '{ for (k = 1; k <= NF; k++) if ($(k + 1) == "lookups") print $k }' "$out/run"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }

# each implementation's object: what its loop calls
objects() {
  case $1 in
  hhn | hhn_lower | hhn_lookup16) echo "$out/hhn.o" ;;
  gperf_webkit) echo "$out/webkit.o" ;;
  gperf_own) echo "$out/gperfk.o" ;;
  switch) echo "$out/switch.o" ;;
  esac
}
impls="hhn hhn_lower hhn_lookup16 gperf_webkit gperf_own switch"
printf '\n%s (qemu-user): instructions per lookup in what the loop calls (in brackets: how many\n' "$target"
printf 'times hhn'"'"'s); hhn_lower and switch are given lowercase names, hhn_lookup16 the names\n'
printf 'widened to UTF-16; the last column is the loop around each call\n\n| stream |'
for impl in $impls; do printf ' %s |' "$impl"; done
printf ' loop |\n|---|'
for impl in $impls loop; do printf -- '---:|'; done
printf '\n'
"$qemu" "$bench" --list "${TRAFFIC:-build/traffic}" | tail -n +2 | grep -E '^[0-9]+ (.* as sent|unknown)' |
  while read -r idx label; do
    printf '| %s |' "$label"
    base=
    for impl in $impls; do
      # what the start-up runs within the same functions (none, but it costs one run to be sure)
      # shellcheck disable=SC2046 # a list of function names
      start=$(count loop_only "$idx" $(defined $(objects "$impl")))
      # shellcheck disable=SC2046
      n=$(count "$impl" "$idx" $(defined $(objects "$impl")))
      per=$(ratio $((n - start)) "$(lookups)")
      if [ -z "$base" ]; then base=$per; printf ' %s |' "$per"; else printf ' %s (%sx) |' "$per" "$(ratio "$per" "$base")"; fi
    done
    n=$(count loop_only "$idx" run_loop_only)
    printf ' %s |\n' "$(ratio "$n" "$(lookups)")"
  done
