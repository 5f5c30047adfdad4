#!/bin/sh
# coverage.sh: the share of real traffic's names that the default list finds (at least 90% of
# each stream), measured on the captured streams of a maintainers' folder, which the repository
# does not carry: it says so, and passes, when the folder is not there.
# Usage: coverage.sh BUILD_DIR TRAFFIC_DIR (run by make check-coverage, from the repository).
set -eu
build=$1 dir=$2
if ! ls "$dir"/*.txt > /dev/null 2>&1; then
  echo "coverage: $dir holds no stream (*.txt): no real traffic to measure the default list on"
  exit 0
fi
${CC:-cc} -std=c99 -O2 -Wall -Wextra -Werror -Iinclude tests/table/coverage.c "$build/libhhn.a" \
  -o "$build/coverage"
"$build/coverage" "$dir"/*.txt
