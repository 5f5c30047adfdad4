#!/bin/sh
# sanitizers.sh: the default table's own test (build/tables/default/hhn_test.c, the harness that
# hhn-gen --test writes) under the sanitizers whose runtime is not set up when an indirect
# function's resolver runs (ThreadSanitizer with gcc and clang, MemorySanitizer with clang), so
# that a program that uses a table under them starts, and takes the lookups that the CPU has at
# each call; -DHHN_TEST_QUICK, for their time. AddressSanitizer and UBSan are check-tables'.
#   sanitizers.sh BUILD_DIR (run by make check-sanitizers, from the repository)
set -eu
dir=$1/tables/default
out=$1/sanitizers
mkdir -p "$out"
status=0
for build in "gcc -fsanitize=thread" "clang -fsanitize=thread" "clang -fsanitize=memory"; do
  name=$(echo "$build" | sed 's/ -fsanitize=/-/')
  # shellcheck disable=SC2086
  $build -g -O1 -std=c99 -DHHN_TEST_QUICK -I"$dir" "$dir/hhn_test.c" "$dir/hhn.c" -o "$out/$name"
  if "$out/$name" > "$out/$name.log" 2>&1; then
    echo "sanitizers: $build: $(tail -n 1 "$out/$name.log")"
  else
    tail -n 20 "$out/$name.log"
    echo "sanitizers: $build: the test FAILED" >&2
    status=1
  fi
done
exit $status
