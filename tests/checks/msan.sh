#!/bin/sh
# msan.sh: hhn-gen built by clang with MemorySanitizer, run for each kind of output it writes (C,
# C++, --static, --small, Rust, --test, --fields, gperf's hash, hhn-gen's own values, given key
# positions): a read of memory nothing wrote fails it (a variant's spelling once read such a
# flag, and came out as the C id under some heaps). Prints one line, or MSan's report and exits 1.
#   msan.sh BUILD_DIR
set -eu
build=$1
out=$build/msan
rm -rf "$out" && mkdir -p "$out/out"
# shellcheck disable=SC2046 # the sources are words
clang -std=c99 -D_POSIX_C_SOURCE=200809L -fsanitize=memory -fsanitize-memory-track-origins -g -O1 \
  -I"$build/gen" $(find gen -type d | sort | sed 's/^/-I/') -DHHN_GEN_VERSION='"msan"' $(find gen -name '*.c' | sort) -o "$out/hhn-gen"
# Each run's options and files: C's, then the same shapes for every other target of
# hhn-gen --targets (Rust, Go, WebKit, Bun, JavaScript).
runs() {
  cat <<LIST
--cxx --test data/HTTPHeaderNames.in
--static --prefix s --test data/HTTPHeaderNames.in
--small --cxx data/HTTPHeaderNames.in
--cxx --test --fields data/hpack-static.txt tests/data/ids/nghttp2.in
--static --fields data/qpack-static.txt
--hash gperf --test data/iana-names.in
--key-positions \$-3,\$-5,\$ --test data/hpack-names.in
--test $build/lists/big5000.in
LIST
  # (with --test where the target writes one: a suffix _test.* or .test.*; lists that give no
  # id=N, which a target of sorted ids refuses)
  "$out/hhn-gen" --targets | awk '$1 != "c" { print $2, ($3 ~ /[_.]test\./ ? "--test" : "") }' |
    while read -r t test; do
    cat <<LIST
$t $test data/HTTPHeaderNames.in
$t $test --fields data/qpack-static.txt data/qpack-names.in
$t $test --fields data/hpack-static.txt --name-entry last data/hpack-names.in
$t --hash gperf data/iana-names.in
$t tests/golden/lists/chained.in
$t $build/lists/big5000.in
LIST
  done
}
n=0
runs > "$out/runs"
while IFS= read -r args; do
  [ -n "$args" ] || continue
  rm -rf "$out/out" && mkdir -p "$out/out"
  # shellcheck disable=SC2086 # args is a list of options and files
  status=0
  GPERF=${GPERF:-gperf} "$out/hhn-gen" --quiet --output-dir "$out/out" $args > "$out/log" 2>&1 ||
    status=$?
  # a target that refuses --fields (--webkit, --bun) says so, exit 2: a refusal, not a failure
  if [ "$status" = 2 ] && grep -q '^hhn-gen: error: --fields has no use with' "$out/log"; then
    continue
  fi
  if [ "$status" != 0 ]; then
    echo "msan.sh: hhn-gen $args failed:" >&2
    head -n 30 "$out/log" >&2
    exit 1
  fi
  n=$((n + 1))
done < "$out/runs"
echo "msan.sh: hhn-gen read no memory it had not written, under MemorySanitizer, in $n runs of" \
  "every kind of output"
