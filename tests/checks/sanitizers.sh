#!/bin/sh
# sanitizers.sh: the default table's tests under the sanitizers whose runtime is not set up when
# an indirect function's resolver runs (ThreadSanitizer with gcc and clang, MemorySanitizer with
# clang), so that a program that uses a table under them starts, and takes the lookups that
# the CPU has at each call. Check is not built with them: the tests use tests/minicheck.h, and
# a few byte values (HHN_CHECK_QUICK). AddressSanitizer and UBSan are make check-asan's.
#   sanitizers.sh BUILD_DIR (run by make check-sanitizers, from the repository)
set -eu
out=$1/sanitizers
mkdir -p "$out"
lists="data/HTTPHeaderNames.in $(ls data/*.in tests/data/lists/* | tr '\n' ' ')"
status=0
for build in "gcc -fsanitize=thread" "clang -fsanitize=thread" "clang -fsanitize=memory"; do
  name=$(echo "$build" | sed 's/ -fsanitize=/-/')
  # shellcheck disable=SC2086
  $build -g -O1 -std=c99 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -DHHN_MINICHECK -DT=hhn \
    -DTU=HHN -DT_DEFAULT -Iinclude -Itests tests/check_table.c tests/check_default.c \
    tests/static_tables.c tests/guard.c tests/lists.c lib/hhn.c -o "$out/check_hhn-$name"
  # (handle_segv=0: the guard-page test must die of its SIGSEGV, as Check expects)
  # shellcheck disable=SC2086
  if HHN_CHECK_QUICK=1 TSAN_OPTIONS=handle_segv=0 MSAN_OPTIONS=handle_segv=0 \
    "$out/check_hhn-$name" $lists > "$out/$name.log" 2>&1; then
    echo "sanitizers: $build: $(tail -n 1 "$out/$name.log")"
  else
    cat "$out/$name.log"
    echo "sanitizers: $build: the tests FAILED" >&2
    status=1
  fi
done
exit $status
