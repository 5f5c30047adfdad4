#!/bin/sh
# selftest.sh: plants bugs in copies of two tables and shows that the one harness, the test
# that hhn-gen --test wrote beside each, catches every one, as a program and as a fuzz target
# (built with -DHHN_FUZZ, from an empty corpus, within SELFTEST_SECONDS, default 60). The tables:
# the default one (build/tables/default: fuzz_lookup's) and the IANA registry's (build/tables/
# iana: fuzz_generated's). The bugs go into the lookups the CPU runs: the portable one on every
# CPU (built with -DHHN_NO_AVX512, as a CPU without AVX-512 runs it), the AVX2 one on a CPU
# that has AVX2 (built with -DHHN_NO_AVX512 -DHHN_AVX2), and the AVX-512 one on a CPU that has
# AVX-512BW and AVX-512VL (SELFTEST_PATHS, e.g. "portable avx2", says otherwise). Each bug is
# planted in that path's bodies alone (both case rules), so that no other can catch it:
# - "fold": every byte folds, not only letters: the portable compare ORs 0x20 into every byte
#   (SSE2's vector and the two words alike; '-' matches CR), and the vector folds OR 0x20 into
#   every byte of the name, not only the slot mask's;
# - "length": the compare covers less than len: the portable lookup compares the 8 bytes at 8
#   again in place of the 8 before the last 8 of a name of 25 to 32 bytes, the AVX-512 mask
#   leaves out the last byte, the AVX2 one the last whole 4-byte word;
# - "upper": lookup_lower lets the first byte match in either case (| 0x20 where fold is 0), so
#   that "Accept" finds accept;
# - "overread": the portable lookup's last piece, and the AVX2 one's, end one byte past len,
#   which the guard pages catch (AddressSanitizer cannot see into a masked load, so there is no
#   AVX-512 one);
# - "token": the classifications' check of a name the table does not know takes a byte no
#   token has for a tchar: the SSE2 (or NEON) check's range runs to DEL, and the AVX-512
#   check's mask leaves out the last byte of a name of 2 bytes or more.
# Then the real IANA table beside the test of a list one byte away, or with two names swapped.
# Run by `make fuzz-selftest`, which sets FUZZ_CC and FUZZ_FLAGS. With --plant-only (make
# check-selftest-plant, part of make check) it plants every bug of both paths and stops: a
# pattern that no longer applies to the generated lookup fails there, not in CI.
set -eu
MODE=${1:-fuzz}
FB=build/fuzz
ST=$FB/selftest
LIMIT=${SELFTEST_SECONDS:-60}
failed=0

# The paths whose bugs are fuzzed: the portable lookup, and the vector ones the CPU runs.
if [ -z "${SELFTEST_PATHS:-}" ]; then
  SELFTEST_PATHS=portable
  grep -qw avx2 /proc/cpuinfo 2>/dev/null && SELFTEST_PATHS="$SELFTEST_PATHS avx2"
  if grep -qw avx512bw /proc/cpuinfo 2>/dev/null && grep -qw avx512vl /proc/cpuinfo 2>/dev/null; then
    SELFTEST_PATHS="$SELFTEST_PATHS avx512"
  fi
fi
[ "$MODE" = --plant-only ] && SELFTEST_PATHS="portable avx2 avx512"
echo "selftest: bugs go into the lookups of these paths: $SELFTEST_PATHS (the CPU's, or SELFTEST_PATHS's)"

# edit EXPR SRC DST: writes SRC edited by sed EXPR to DST; fails if EXPR changed nothing.
edit() {
  sed "$1" "$2" >"$3"
  if cmp -s "$2" "$3"; then
    echo "selftest: '$1' no longer applies to $2: update fuzz/selftest.sh" >&2
    exit 1
  fi
}

# plant PATH BUG SRC DST: writes SRC with BUG planted in PATH's lookup to DST.
plant() {
  case $1-$2 in
  portable-fold)
    edit 's/_mm_or_si128(v, slot16(m))/_mm_or_si128(v, _mm_set1_epi8(0x20))/
s/x |= load8(m), y |= load8(m + 8);/x |= UINT64_C(0x2020202020202020), y |= UINT64_C(0x2020202020202020);/' "$3" "$4"
    ;;
  portable-length) edit 's/size_t tail = len > 24 ? len - 16 : 8;/size_t tail = len > 32 ? len - 16 : 8;/' "$3" "$4" ;;
  portable-upper)
    edit 's/(x ^ load8(l))/((x | (fold ? 0 : 0x20)) ^ load8(l))/
s/v = _mm_cmpeq_epi8(v, /v = _mm_cmpeq_epi8(fold ? v : _mm_or_si128(v, _mm_cvtsi32_si128(0x20)), /' "$3" "$4"
    ;;
  portable-overread) edit 's/load4(s + len - 4)/load4(s + len - 3)/' "$3" "$4" ;;
  portable-token) edit "s/vec_outside(v, '!', '~' - '!')/vec_outside(v, '!', '~' - ' ')/" "$3" "$4" ;;
  avx512-token) edit 's/(0xFFFFFFFFu >> (32 - len))/(0xFFFFFFFFu >> (32 - len + (len > 1)))/' "$3" "$4" ;;
  avx512-fold)
    edit 's/v = _mm256_or_si256(v, vector(t->vslots\[i\] + 32));/v = _mm256_or_si256(v, _mm256_maskz_mov_epi8(k, _mm256_set1_epi8(0x20)));/' "$3" "$4"
    ;;
  avx512-length) edit 's/  k = t->k\[len\];/  k = t->k[len] >> 1;/' "$3" "$4" ;;
  avx2-fold)
    edit '/mask ORed in, as in avx512/,/vslots/s/vector(t->vslots\[i\] + 32)/_mm256_and_si256(_mm256_cmpgt_epi8(v, _mm256_setzero_si256()), _mm256_set1_epi8(0x20))/' "$3" "$4"
    ;;
  avx2-length) edit 's/vector(t->words + t->lens\[len\].words)/vector(t->words + t->lens[len].words + 4)/' "$3" "$4" ;;
  avx2-upper)
    edit 's/^  v = \(_mm256_or_si256(v, _mm256_shuffle_epi8(last, [^;]*)\);/  v = \1;\
  if (!fold)\
    v = _mm256_or_si256(v, _mm256_set_epi64x(0, 0, 0, 0x20));/' "$3" "$4"
    ;;
  avx2-overread) edit 's/_mm256_set1_epi32((int)load4(s4 + len - 4))/_mm256_set1_epi32((int)load4(s4 + len - 3))/' "$3" "$4" ;;
  avx512-upper)
    edit 's/  v = \(_mm256_maskz*_loadu_epi8([^;]*)\);/  v = \1;\
  if (!fold)\
    v = _mm256_or_si256(v, _mm256_set_epi64x(0, 0, 0, 0x20));/' "$3" "$4"
    ;;
  esac
}

# The bugs of each path, and the flags that build the lookup of that path.
bugs() {
  case $1 in
  portable) echo fold length upper overread token ;;
  avx2) echo fold length upper overread ;; # its check of unknown names is the portable one's
  avx512) echo fold length upper token ;;
  esac
}
path_flags() { case $1 in portable) echo -DHHN_NO_AVX512 ;; avx2) echo -DHHN_NO_AVX512 -DHHN_AVX2 ;; avx512) echo ;; esac; }

for path in $SELFTEST_PATHS; do
  for table in default/hhn iana/iana; do
    for bug in $(bugs $path); do
      dir=$ST/${table%/*}-$path-$bug
      rm -rf "$dir" && mkdir -p "$dir"
      plant $path $bug build/tables/$table.c "$dir/table.c"
    done
  done
done
# caught NAME TABLE.c TEST.c FLAGS: builds TEST.c with TABLE.c, as a program and as a fuzz target;
# says how each failed, or that it did not.
caught() {
  dir=$ST/caught-$(echo "$1" | tr ' ' -)
  rm -rf "$dir" && mkdir -p "$dir/corpus"
  inc=$(dirname "$3")
  if ! cc -O2 -DHHN_TEST_QUICK $4 -I"$inc" -o "$dir/test" "$3" "$2" 2>"$dir/cc.log"; then # an id gone
    printf 'selftest: caught %-26s as it compiles (%s)\n' "$1" "$(grep -m1 -o 'error: .*' "$dir/cc.log")"
    return # the table lacks: it cannot be built, let alone pass
  fi
  if "$dir/test" >"$dir/test.log" 2>&1; then
    echo "selftest: the test did NOT catch $1 (log: $dir/test.log)"
    : > "$ST/failed"
  fi
  eval "$FUZZ_CC $FUZZ_FLAGS $4 -DHHN_FUZZ -I$inc $3 $2 -o $dir/fuzzer" # make's quoting
  start=$(date +%s.%N)
  if "$dir/fuzzer" -max_total_time="$LIMIT" -artifact_prefix="$dir/" "$dir/corpus" >"$dir/log" 2>&1; then
    echo "selftest: the fuzz target did NOT catch $1 in $LIMIT s (log: $dir/log)"
    : > "$ST/failed"
    return
  fi
  printf 'selftest: caught %-26s in %5.1f s, and as a program (%s)\n' "$1" \
    "$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')" \
    "$(grep -m1 -oE 'FAIL: [^,(]*|AddressSanitizer: [A-Za-z-]+|deadly signal' "$dir/log" || true)"
}
# later NAME TABLE.c TEST.c FLAGS: runs caught in the background, JOBS at a time (each build
# and fuzzer on a core of its own), its lines into a file of its own, printed in order at the end.
JOBS=${SELFTEST_JOBS:-$(nproc 2>/dev/null || echo 1)} queued=0 running=0
later() {
  queued=$((queued + 1))
  caught "$@" >"$ST/lines.$queued" 2>&1 &
  running=$((running + 1))
  if [ "$running" -ge "$JOBS" ]; then
    wait
    running=0
  fi
}
rm -f "$ST/failed" "$ST"/lines.*
if [ "$MODE" != --plant-only ]; then
  for path in $SELFTEST_PATHS; do
    for table in default/hhn iana/iana; do
      for bug in $(bugs $path); do
        later "${table%/*} $path $bug" "$ST/${table%/*}-$path-$bug/table.c" \
          build/tables/${table}_test.c "$(path_flags $path)"
      done
    done
  done
  for change in one-byte swapped; do
    dir=$ST/emitted-$change
    rm -rf "$dir" && mkdir -p "$dir"
    if [ $change = one-byte ]; then # the last byte of the 10th name made a q
      awk '!/^\/\// && NF && ++n == 10 { $1 = substr($1, 1, length($1) - 1) "q" } 1' \
        data/iana-names.in >"$dir/list.in"
    else # the 10th and 11th names in each other's place
      awk '!/^\/\// && NF && ++n == 10 { held = $0; next } { print } n == 11 && held { print held; held = "" }' \
        data/iana-names.in >"$dir/list.in"
    fi
    GPERF=${GPERF:-gperf} build/hhn-gen --quiet --test --prefix iana --output-dir "$dir" "$dir/list.in"
    cp build/tables/iana/iana.h build/tables/iana/iana.c "$dir/" # the real table, beside the test
    later "iana beside a list $change" "$dir/iana.c" "$dir/iana_test.c" ""
  done
  wait
  n=1
  while [ "$n" -le "$queued" ]; do
    cat "$ST/lines.$n"
    n=$((n + 1))
  done
  [ ! -e "$ST/failed" ] || failed=1
fi
[ "$MODE" = --plant-only ] && echo "selftest: every bug plants in build/tables/default/hhn.c and build/tables/iana/iana.c"
exit $failed
