#!/bin/sh
# run.sh: the fuzzers, run by make fuzz-run and check-fuzz-corpus from the repository.
#   run.sh fuzz DIR SECONDS NAME...   each fuzzer DIR/NAME for SECONDS, two at a time, from its
#                                     seed corpus and what earlier runs found (DIR/corpus-NAME),
#                                     with its dictionary; a crash goes to DIR/crash-NAME-* and
#                                     fails
#   run.sh replay DIR NAME...         each seed corpus through DIR/NAME (fuzz/driver.c)
set -eu
mode=$1 dir=$2
shift 2
seconds=
[ "$mode" = fuzz ] && { seconds=$1; shift; }
# corpus_of NAME: the seed corpus of fuzzer NAME (the AVX2 and portable ones share the lookup's)
corpus_of() {
  case $1 in fuzz_avx2 | fuzz_portable) echo fuzz/corpus/fuzz_lookup ;; *) echo "fuzz/corpus/$1" ;; esac
}

# one NAME: runs fuzzer NAME for SECONDS; prints its figures, or its log's end, and returns 1
# on a crash.
one() {
  t=$1 corpus=$(corpus_of "$1")
  mkdir -p "$dir/corpus-$t"
  if ! "$dir/$t" -max_total_time="$seconds" -timeout=10 -print_final_stats=1 \
    -dict="$dir/$t.dict" -artifact_prefix="$dir/crash-$t-" "$dir/corpus-$t" "$corpus" \
    > "$dir/$t.log" 2>&1; then
    tail -n 40 "$dir/$t.log"
    echo "fuzz-run: $t FAILED" >&2
    return 1
  fi
  echo "fuzz-run: $t for $seconds s: $(grep -E 'stat::number_of_executed_units|stat::average_exec_per_sec' \
    "$dir/$t.log" | tr -s ' \n' ' ')"
}
if [ "$mode" = replay ]; then
  for t; do
    "$dir/$t" "$(corpus_of "$t")"
  done
  exit 0
fi
# two fuzzers at a time (each is one process), each pair waited for
status=0
while [ $# -gt 0 ]; do
  one "$1" &
  a=$!
  shift
  b=
  if [ $# -gt 0 ]; then
    one "$1" &
    b=$!
    shift
  fi
  wait "$a" || status=1
  [ -z "$b" ] || wait "$b" || status=1
done
exit $status
