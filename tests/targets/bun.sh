#!/bin/sh
# bun.sh: the tests of a table's Bun files, for tests/matrix.sh's variant "bun":
#   bun.sh DIR PREFIX TABLE LIST   DIR holds PREFIX.h, PREFIX.cpp, PREFIX.gperf and PREFIXEach.h
#                                  (hhn-gen --bun) of the names list LIST
#   bun.sh --bun-list LIST DIR     the same of Bun's own list LIST, made into DIR, with Bun's
#                                  invariants of it (its count and anchors: make check-bun, where
#                                  ../shared holds Bun's list)
# The three files that WebKit's are (P.h is Bun's flavour of WebKit's) are tested as WebKit's
# (tests/targets/webkit.sh: against gperf's table of P.gperf), built by $CXX and clang++ (its
# P.cpp is --webkit's, which check-webkit builds portably and under the sanitizers too); then
# tests/webkit/check_each.cpp asserts that
# HTTP_HEADERS_EACH_NAME has the enum's count and order, and asks each of its names of
# findHTTPHeaderName and httpHeaderNameString, by $CXX and clang++; and where rustc is, the
# Rust enum of the same list (hhn-gen --rust --bun-enum --test) has the macro's names and
# variants in its order (tests/webkit/bun_enum.rs), and passes its own test. Prints what it
# checked, or why it failed (exit 1). CXX, GPERF and RUSTC as make has them; HHN_GEN, the
# generator (else the first word of HHN_GEN_AGAIN, as matrix.sh gives it).
set -eu
: "${CXX:=c++}" "${GPERF:=gperf}"
extra=
if [ "$1" = --bun-list ]; then
  list=$2 dir=$3 prefix=HTTPHeaderNames extra=-DBUN_LIST
  mkdir -p "$dir"
  "${HHN_GEN:-build/hhn-gen}" --quiet --bun --output-dir "$dir" "$list"
  set -- "$dir" "$prefix" bun "$list"
fi
dir=$1 prefix=$2
log=$dir/each.log
said=$(WEBKIT_BUILDS="$CXX -O2;clang++ -O2" sh tests/targets/webkit.sh "$@") || { echo "$said"; exit 1; }
for cxx in "$CXX" clang++; do
  # shellcheck disable=SC2086
  $cxx -std=c++20 -Wall -Wextra -Werror $extra -Itests/webkit -I"$dir" \
    -DTABLE_EACH_HEADER="\"${prefix}Each.h\"" tests/webkit/check_each.cpp "$dir/$prefix.cpp" \
    -o "$dir/each" > "$log" 2>&1 || { echo "FAILED: ${prefix}Each.h: $(grep -m 1 error "$log" | cut -c1-300)"; exit 1; }
  "$dir/each" > "$log" 2>&1 || { echo "FAILED: ${prefix}Each.h by $cxx: $(head -n 1 "$log")"; exit 1; }
done
said="$said; ${prefix}Each.h: $(cat "$log")"
# the Rust enum of the same list (--rust --bun-enum) against the X-macro, where rustc is
: "${RUSTC:=rustc}"
again=${HHN_GEN_AGAIN:-build/hhn-gen}
hhn=${HHN_GEN:-${again%% *}}
if command -v "$RUSTC" > /dev/null 2>&1; then
  mkdir -p "$dir/rust"
  "$hhn" --quiet --rust --bun-enum --test --prefix bun_enum --output-dir "$dir/rust" "$4" > "$log" 2>&1 ||
    { echo "FAILED: --rust --bun-enum: $(head -n 1 "$log")"; exit 1; }
  # the module alone, warning-free (by clippy and rustfmt too where make gives them)
  sh tests/checks/rust.sh "$dir/rust/alone" "$dir/rust/bun_enum.rs" > "$log" 2>&1 ||
    { echo "FAILED: the Rust enum alone: $(head -n 1 "$log" | cut -c1-300)"; exit 1; }
  cp tests/webkit/bun_enum.rs "$dir/rust/check.rs"
  # shellcheck disable=SC2086
  $RUSTC --edition 2018 -O -D warnings ${extra:+--cfg bun_list} "$dir/rust/check.rs" -o "$dir/rust/check" > "$log" 2>&1 ||
    { echo "FAILED: the Rust enum's check does not build: $(grep -m 1 error "$log" | cut -c1-300)"; exit 1; }
  grep -o 'macro("[^)]*)' "$dir/${prefix}Each.h" | "$dir/rust/check" > "$dir/rust/said" 2>&1 ||
    { echo "FAILED: the Rust enum: $(grep -m 1 panicked -A1 "$dir/rust/said" | tr '\n' ' ' | cut -c1-300)"; exit 1; }
  $RUSTC --edition 2018 -O --test -D warnings "$dir/rust/bun_enum_test.rs" -o "$dir/rust/test" > "$log" 2>&1 ||
    { echo "FAILED: the Rust enum's test does not build: $(grep -m 1 error "$log" | cut -c1-300)"; exit 1; }
  "$dir/rust/test" > "$dir/rust/log" 2>&1 || { echo "FAILED: the Rust enum's test"; exit 1; }
  said="$said; Rust enum: $(cat "$dir/rust/said") as the X-macro's, its test $(grep -c ' ok$' "$dir/rust/log") passed"
else
  said="$said; no $RUSTC: not the Rust enum"
fi
[ -z "$extra" ] || said="$said, and Bun's invariants"
echo "$said"
