#!/bin/sh
# random.sh: the randomized end-to-end check of hhn-gen. For each seed, tests/random/randlist.c
# draws a names list (the seed picks its shape: every length to 255, one length, alike deep
# inside, the case bit's edges, pseudo-headers, ids over 255, 1,000 and 32,767 names, every name
# over 32 bytes, ...) and a static table of fields over its names (values of every length class
# to 4,096 bytes, several of one length under one name); hhn-gen makes its table, with the
# match of fields (--fields), and its test (--test), of its own choice of hash for an even seed and
# of --hash gperf for an odd one; $CC and clang compile the table with -Werror,
# with its vector lookups and without (tests/checks/strict.sh); and the test, the one harness of
# every lookup against the list, runs built each way: with the vector lookups, -DHHN_TEST_QUICK
# (a masked load that ends at a guard page costs a microcode assist, and the test puts every
# input there); without the AVX-512 ones, in full; and a word table's portable ones, quick;
# and, where RANDOM_RUSTC names a rustc, the Rust module of the list (--rust) and its test.
# Run by make from the repository:
#   random.sh BUILD_DIR SEEDS...
# where each of SEEDS is N (that seed), N-M (N to M) or N+S (from N on, for S seconds). Two
# seeds run at once. A failure keeps its folder, BUILD_DIR/random/SEED, and says how to
# replay it; the exit status is 1 if any seed failed.
set -eu
build=$1
shift
: "${CC:=cc}"
out=$build/random
mkdir -p "$out"

# one SEED: checks the list of one seed; prints one line, and returns 1 if it failed.
one() {
  seed=$1 dir=$out/$1
  rm -rf "$dir" && mkdir -p "$dir"
  start=$(date +%s)
  "$build/randlist" "$seed" > "$dir/list.in"
  "$build/randlist" "$seed" --fields > "$dir/fields.txt"
  shape=$("$build/randlist" "$seed" --shape)
  names=$(grep -vc '^//' "$dir/list.in" || true)
  fail() {
    echo "random: seed $seed ($shape, $names names): FAILED: $1 (replay: make check-random" \
      "RANDOM_SEEDS=$seed; files in $dir)"
    return 1
  }
  hash= # an odd seed's table takes a sum of values, an even one's what hhn-gen chooses
  [ $((seed % 2)) = 1 ] && hash="--hash gperf"
  # shellcheck disable=SC2086 # hash is an option and its value, or nothing
  if ! GPERF=${GPERF:-gperf} "$build/hhn-gen" --quiet $hash --test --prefix r --output-dir "$dir" \
    --fields "$dir/fields.txt" "$dir/list.in" > "$dir/gen.log" 2>&1; then
    fail "hhn-gen: $(head -n 3 "$dir/gen.log")"
    return 1
  fi
  kind=direct
  grep -q "hhn-gen's word hash" "$dir/r.c" && kind=word
  grep -q 'of an index into a pool of records' "$dir/r.c" && kind=indexed
  grep -q "The values are hhn-gen's own" "$dir/r.c" && kind=displaced
  if ! sh tests/checks/strict.sh "$CC clang" "$dir/r.c" > "$dir/cc.log" 2>&1; then
    fail "the table does not compile cleanly: $(head -n 5 "$dir/cc.log")"
    return 1
  fi
  checks=0
  # the lookups the CPU picks (quick), without AVX-512's (the portable ones), and a word
  # table's AVX2 ones, built on request (quick)
  builds="-DHHN_TEST_QUICK
-DHHN_NO_AVX512"
  [ $kind = word ] && builds="$builds
-DHHN_NO_AVX512 -DHHN_AVX2 -DHHN_TEST_QUICK"
  while IFS= read -r v; do
    # shellcheck disable=SC2086
    $CC -O2 $v -o "$dir/r_test" "$dir/r_test.c" "$dir/r.c"
    if ! "$dir/r_test" > "$dir/test.log" 2>&1; then
      fail "r_test.c $v: $(grep -m 1 FAIL "$dir/test.log" | cut -c1-400)"
      return 1
    fi
    n=$(sed -n 's/^r_test: \([0-9]*\) checks, 0 failures$/\1/p' "$dir/test.log")
    checks=$((checks + n))
  done <<EOF
$builds
EOF
  # the Rust module of the same list and hash (hhn-gen --rust --test), where RANDOM_RUSTC
  # names a rustc, for lists of up to 1,100 names (one of 5,000 takes rustc 18 s to build)
  if [ -n "${RANDOM_RUSTC:-}" ] && [ "$names" -le 1100 ]; then
    # shellcheck disable=SC2086
    if ! GPERF=${GPERF:-gperf} "$build/hhn-gen" --quiet $hash --rust --test --prefix r \
      --output-dir "$dir/rust" --fields "$dir/fields.txt" "$dir/list.in" > "$dir/gen.log" 2>&1 ||
      ! RUSTC=$RANDOM_RUSTC sh tests/checks/rust.sh "$dir/rust/alone" "$dir/rust/r.rs" \
        > "$dir/rs.log" 2>&1 ||
      ! $RANDOM_RUSTC --edition 2018 -O --test -D warnings -o "$dir/rust/test" \
        "$dir/rust/r_test.rs" > "$dir/rs.log" 2>&1 ||
      ! "$dir/rust/test" --nocapture > "$dir/rs.log" 2>&1; then
      fail "the Rust module: $(grep -m 2 -E 'FAIL|panicked|error|rust.sh' "$dir/rs.log" "$dir/gen.log" | cut -c1-400)"
      return 1
    fi
    n=$(awk '/checks,/ { n += $(NF - 3) } END { print n + 0 }' "$dir/rs.log")
    checks=$((checks + n))
  fi
  echo "random: seed $seed ($shape, $names names, $kind): $checks checks, 0 failures" \
    "($(($(date +%s) - start)) s)"
  rm -rf "$dir"
}

# The seeds, two at a time; each line of each is kept in the log for the summary.
log=$out/log.$$
: > "$log"
started=$(date +%s)
running=0
# run SEED: starts the check of one seed, and waits for both when two run.
run() {
  (one "$1" | tee -a "$log") &
  running=$((running + 1))
  if [ $running -ge 2 ]; then
    wait
    running=0
  fi
}
for spec; do
  case $spec in
    *+*) seed=${spec%+*} until=$(($(date +%s) + ${spec#*+}))
      while [ "$(date +%s)" -lt $until ]; do run $seed; seed=$((seed + 1)); done ;;
    *-*) seed=${spec%-*}
      while [ $seed -le "${spec#*-}" ]; do run $seed; seed=$((seed + 1)); done ;;
    *) run "$spec" ;;
  esac
done
wait
lists=$(grep -c ': [0-9]* checks, 0 failures' "$log" || true)
failed=$(grep -c 'FAILED' "$log" || true)
checks=$(sed -n 's/.*): \([0-9]*\) checks, 0 failures.*/\1/p' "$log" |
  awk '{ s += $1 } END { printf "%.0f", s }')
kinds=$(sed -n 's/.* names, \([a-z]*\)): .*/\1/p' "$log" | sort | uniq -c |
  awk '{ printf "%s%s %s", s, $1, $2; s = ", " }')
echo "random: seeds $*: $lists lists ($kinds), $checks checks, $failed failed" \
  "($(($(date +%s) - started)) s)"
rm -f "$log"
[ "$failed" -eq 0 ]
