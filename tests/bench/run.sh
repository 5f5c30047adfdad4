#!/bin/sh
# run.sh: make bench. Builds bench.c's program by each compiler given and times it on TRAFFIC:
# says first how long the run will take (from the last run's time, else a figure measured on
# two cores), then a line a compiler (and, on a terminal, the program's progress), writes each
# compiler's full tables to OUT/report-CC.md and, where gnuplot is, a plot of the warm times to
# OUT/report-CC.svg, and prints the verdicts last.
#
#   run.sh OUT TRAFFIC CC...   (MAKE: the make to build with; BENCH_RUN: what runs the program,
#                               such as "taskset -c 1 ")
set -eu
out=$1 traffic=$2
shift 2
n=$#
mkdir -p "$out"
if [ -s "$out/last-seconds" ]; then
  last=$(cat "$out/last-seconds")
  said="about $(((last + 59) / 60)) minutes (the last run took $last s)"
else
  said="about $((n * 3)) minutes on two idle cores (2 min 13 s a compiler on an Intel Xeon)"
fi
echo "make bench: $n builds ($*), $said; the full tables go to $out/report-CC.md"
start=$(date +%s)
for cc; do
  ${MAKE:-make} --no-print-directory CC="$cc" "$out/bench" > "$out/build-$cc.log" 2>&1 || {
    cat "$out/build-$cc.log" >&2
    exit 1
  }
  echo "make bench: timing the build by $cc ($(date +%H:%M:%S))"
  ${BENCH_RUN:-} "$out/bench" --plot "$out/report-$cc.tsv" "$traffic" > "$out/report-$cc.md"
  if command -v gnuplot > /dev/null 2>&1; then
    gnuplot -e "data='$out/report-$cc.tsv'; title='$cc'" tests/bench/plot.gp > "$out/report-$cc.svg"
  fi
done
echo $(($(date +%s) - start)) > "$out/last-seconds"
echo
for cc; do
  echo "$cc: the full tables in $out/report-$cc.md$([ -s "$out/report-$cc.svg" ] &&
    echo ", the warm times drawn in $out/report-$cc.svg")"
done
for cc; do
  sed -n '/^Verdict/,$p' "$out/report-$cc.md"
done
