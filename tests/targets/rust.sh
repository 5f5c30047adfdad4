#!/bin/sh
# rust.sh: the tests of a table's Rust files, for tests/matrix.sh's variant "rust" (a target's
# variant is its name in hhn-gen --targets, and runs tests/targets/NAME.sh):
#   rust.sh DIR PREFIX TABLE   DIR holds PREFIX.rs and PREFIX_test.rs (hhn-gen --rust --test)
# P.rs alone in a #![no_std] crate, by clippy and rustfmt where they are (tests/checks/rust.sh),
# then the test by rustc --test. Prints "N tests passed, M checks", or why it failed (exit 1).
# RUSTC (and CLIPPY and RUSTFMT) as make has them.
set -eu
: "${RUSTC:=rustc}"
dir=$1 prefix=$2
log=$dir/log
if ! sh tests/checks/rust.sh "$dir/alone" "$dir/$prefix.rs" > "$log" 2>&1; then
  echo "FAILED: $(head -n 1 "$log" | cut -c1-300)" && exit 1
fi
if ! $RUSTC --edition 2018 -O --test -D warnings "$dir/${prefix}_test.rs" -o "$dir/test" > "$log" 2>&1; then
  echo "FAILED: does not build: $(head -n 3 "$log" | cut -c1-300)" && exit 1
fi
if ! "$dir/test" --nocapture > "$log" 2>&1; then
  echo "FAILED: $(grep -m 1 -E 'FAIL|panicked' "$log" | cut -c1-300)" && exit 1
fi
echo "$(grep -c ' ok$' "$log") tests passed, $(awk '/checks,/ { n += $(NF - 3) } END { print n }' "$log") checks"
