#!/bin/sh
# run.sh: the fuzzers, run by make fuzz-run and check-fuzz-corpus from the repository.
#   run.sh fuzz DIR SECONDS NAME...   each fuzzer DIR/NAME for SECONDS, from its seed corpus and
#                                     what earlier runs found (DIR/corpus-NAME), with its
#                                     dictionary; a crash goes to DIR/crash-NAME-* and fails
#   run.sh replay DIR NAME...         each seed corpus through DIR/NAME (fuzz/driver.c)
set -eu
mode=$1 dir=$2
shift 2
seconds=
[ "$mode" = fuzz ] && { seconds=$1; shift; }
for t; do
  corpus=fuzz/corpus/$t
  case $t in fuzz_avx2 | fuzz_portable) corpus=fuzz/corpus/fuzz_lookup ;; esac # its lookups
  if [ "$mode" = replay ]; then
    "$dir/$t" "$corpus"
    continue
  fi
  mkdir -p "$dir/corpus-$t"
  echo "fuzz-run: $t for $seconds s"
  if ! "$dir/$t" -max_total_time="$seconds" -timeout=10 -print_final_stats=1 \
    -dict="$dir/$t.dict" -artifact_prefix="$dir/crash-$t-" "$dir/corpus-$t" "$corpus" \
    > "$dir/$t.log" 2>&1; then
    tail -n 40 "$dir/$t.log"
    echo "fuzz-run: $t FAILED" >&2
    exit 1
  fi
  grep -E 'stat::number_of_executed_units|stat::average_exec_per_sec' "$dir/$t.log"
done
