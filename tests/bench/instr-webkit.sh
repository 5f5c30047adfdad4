#!/bin/sh
# instr-webkit.sh: instructions a name of findHTTPHeaderName on aarch64, counted under qemu-user
# as instr-cross.sh counts the C lookups: tests/bench/webkit.cpp built static by
# aarch64-linux-gnu-g++ -O2 with hhn-gen --webkit's files of LIST and gperf's three tables of its
# .gperf (WebKit's --key-positions='*' -D -n -s 2; -D -s 2; and -D -s 2 -l, the length first,
# then a fold loop), each way run once over a stream (webkit --instr) with qemu logging every translated block and every run of one, within the
# functions of that way's object alone (and the C library's compares); the sum of runs times
# instructions, less the same of no lookup, over the lookups.
# Usage: instr-webkit.sh BUILD_DIR LIST STREAM...  (make bench-instr-webkit)
set -eu
build=$1 list=$2
shift 2
cxx=aarch64-linux-gnu-g++ qemu=qemu-aarch64
for tool in "$cxx" "$qemu" "${GPERF:-gperf}"; do
  command -v "$tool" > /dev/null || { echo "instr-webkit.sh: needs $tool" >&2; exit 1; }
done
out=$build/bench/webkit-aarch64
rm -rf "$out" && mkdir -p "$out"
log=$out/qemu.log
trap 'rm -f "$log"' EXIT
"$build/hhn-gen" --quiet --webkit --output-dir "$out" "$list"
(cd "$out" && ${GPERF:-gperf} --key-positions='*' -D -n -s 2 HTTPHeaderNames.gperf --output-file=star.cpp &&
  ${GPERF:-gperf} -D -s 2 HTTPHeaderNames.gperf --output-file=own.cpp &&
  ${GPERF:-gperf} -D -s 2 -l HTTPHeaderNames.gperf --output-file=ownl.cpp)
flags="-std=c++20 -O2 -Itests/webkit -Itests/bench -I$out"
# shellcheck disable=SC2086 # flags is a list of options
{
  $cxx $flags -c "$out/HTTPHeaderNames.cpp" -o "$out/hhn.o"
  $cxx $flags -w -DfindHTTPHeaderName=findStar -DhttpHeaderNameString=stringStar \
    -DHTTPHeaderNamesHash=StarHash -c "$out/star.cpp" -o "$out/star.o"
  $cxx $flags -w -DfindHTTPHeaderName=findOwn -DhttpHeaderNameString=stringOwn \
    -DHTTPHeaderNamesHash=OwnHash -c "$out/own.cpp" -o "$out/own.o"
  $cxx $flags -w -DfindHTTPHeaderName=findOwnL -DhttpHeaderNameString=stringOwnL \
    -DHTTPHeaderNamesHash=OwnLHash -c "$out/ownl.cpp" -o "$out/ownl.o"
  $cxx $flags -c tests/bench/webkit_none.cpp -o "$out/none.o"
  aarch64-linux-gnu-gcc -std=c99 -D_POSIX_C_SOURCE=200809L -O2 -c tests/bench/core.c -o "$out/core.o"
  $cxx $flags -static tests/bench/webkit.cpp "$out/hhn.o" "$out/star.o" "$out/own.o" "$out/ownl.o" "$out/none.o" \
    "$out/core.o" -o "$out/webkit"
}
nm -S --defined-only "$out/webkit" > "$out/syms"
# ranges OBJECT: qemu's -dfilter of the functions that OBJECT defines, and the C library's compares
ranges() {
  nm --defined-only "$1" | awk '$2 ~ /^[tTW]$/ { print $3 }' | awk 'NR == FNR { want[$1] = 1; next }
    ($4 in want || $4 ~ /^(memcmp|strncmp|strncasecmp)$/ || $4 ~ /^__(memcmp|strncmp)/) && $3 ~ /^[tTiW]$/ {
      printf "%s0x%s+0x%s", sep, $1, $2; sep = "," }' - "$out/syms"
}
# count WAY WIDTH STREAM OBJECT: the instructions run within OBJECT's functions by one run
count() {
  "$qemu" -d nochain,in_asm,exec -dfilter "$(ranges "$4")" -D "$log" "$out/webkit" --instr "$1" "$2" "$3" > "$out/run"
  awk '/^IN:/ { block = 1; pc = ""; n = 0; next }
    block && /^0x/ { if (pc == "") { pc = $1; sub(/:$/, "", pc); sub(/^0x0*/, "", pc) } n++; next }
    block && /^$/ { if (pc != "") size[pc] = n; block = 0; next }
    /^Trace/ { split($4, f, "/"); p = f[2]; sub(/^0*/, "", p); runs[p]++ }
    END { for (p in runs) { if (!(p in size)) exit 1; total += runs[p] * size[p] } print total + 0 }' "$log"
}
per() { awk -v a="$1" -v n="$(awk '{ print $(NF - 1) }' "$out/run")" 'BEGIN { printf "%.1f", a / n }'; }
printf '\naarch64 (qemu-user), %s: instructions a name in findHTTPHeaderName (in brackets: gperf'"'"'s over hhn'"'"'s)\n\n' "$(basename "$list")"
printf '| stream | width | hhn | gperf --key-positions=* | gperf -D -s 2 | gperf -D -s 2 -l |\n|---|---:|---:|---:|---:|---:|\n'
for stream; do
  for width in 8 16; do
    printf '| %s | %s |' "$(basename "$stream")" "$width"
    base=
    for way in hhn star own ownl; do
      n=$(count "$way" "$width" "$stream" "$out/$way.o")
      floor=$(count none "$width" "$stream" "$out/$way.o")
      p=$(per $((n - floor)))
      if [ -z "$base" ]; then base=$p; printf ' %s |' "$p"
      else printf ' %s (%sx) |' "$p" "$(awk -v a="$p" -v b="$base" 'BEGIN { printf "%.2f", a / b }')"; fi
    done
    printf '\n'
  done
done
