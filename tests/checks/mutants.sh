#!/bin/sh
# mutants.sh: the emitted tests of a static table's match catch a dropped value-length check.
# For each output (C; Rust, Go and JavaScript where RUSTC, GO and NODE are), the HTTP/2 fields table (hhn-gen
# --fields data/hpack-static.txt, nghttp2's ids) with its test, which must pass; then the same
# with the match's check that a value's length is the entry's taken out (C: == made <=), which
# its test must fail: the match then answers an entry for its value followed by the pool's next
# bytes. A pattern that no longer applies fails too. Prints one line an output; exit 1 if one
# failed. Run by make check-mutants, from the repository:
#   mutants.sh BUILD_DIR
set -eu
build=$1
out=$build/mutants
: "${CC:=cc}" "${RUSTC:=rustc}" "${GO:=go}" "${NODE:=node}"
rm -rf "$out" && mkdir -p "$out"
status=0
gen() { # gen DIR OPTION...
  d=$1
  shift
  "$build/hhn-gen" --quiet --test "$@" --fields data/hpack-static.txt --prefix h2f --output-dir "$d" \
    tests/data/ids/nghttp2.in
}
# mutate FILE EXPR: FILE edited by sed EXPR in place, or a failure if EXPR changed nothing
mutate() {
  cp "$1" "$1.orig" && sed -i "$2" "$1"
  if cmp -s "$1" "$1.orig"; then
    echo "mutants: '$2' no longer applies to $1: update tests/checks/mutants.sh" >&2
    exit 1
  fi
}
# judge LANG: the test run at $out/LANG/ok passed and the one at $out/LANG/bad failed
judge() {
  if [ "$(cat "$out/$1/ok.rc")" = 0 ] && [ "$(cat "$out/$1/bad.rc")" != 0 ]; then
    echo "mutants: $1: the test passes, and fails with the value-length check dropped"
  else
    echo "mutants: $1: FAILED: the test gave $(cat "$out/$1/ok.rc") as generated and" \
      "$(cat "$out/$1/bad.rc") with the value-length check dropped (want 0, not 0)"
    status=1
  fi
}

for v in ok bad; do
  d=$out/c/$v
  gen "$d"
  [ $v = ok ] || mutate "$d/h2f.c" 's/t->entry\[k\].len == vlen \&\&/t->entry[k].len <= vlen \&\&/'
  $CC -O2 -DHHN_TEST_QUICK -I"$d" "$d/h2f_test.c" "$d/h2f.c" -o "$d/test"
  rc=0 && "$d/test" > "$d/log" 2>&1 || rc=$?
  echo $rc > "$out/c/$v.rc"
done
judge c
if command -v "$RUSTC" > /dev/null 2>&1; then
  for v in ok bad; do
    d=$out/rust/$v
    gen "$d" --rust
    [ $v = ok ] || mutate "$d/h2f.rs" 's/if usize::from(x.len) == n \&\& \&VALUES/if \&VALUES/'
    $RUSTC --edition 2018 -O --test "$d/h2f_test.rs" -o "$d/test" > "$d/log" 2>&1
    rc=0 && "$d/test" > "$d/log" 2>&1 || rc=$?
    echo $rc > "$out/rust/$v.rc"
  done
  judge rust
fi
if command -v "$GO" > /dev/null 2>&1; then
  for v in ok bad; do
    d=$out/go/$v
    gen "$d" --go
    [ $v = ok ] || mutate "$d/h2f.go" 's/if int(x.len) == n \&\& values/if values/'
    printf 'module h2f\n\ngo 1.19\n' > "$d/go.mod"
    rc=0 && (cd "$d" && GOFLAGS=-mod=mod "$GO" test -short . > log 2>&1) || rc=$?
    echo $rc > "$out/go/$v.rc"
  done
  judge go
fi
if command -v "$NODE" > /dev/null 2>&1; then
  for v in ok bad; do
    d=$out/js/$v
    gen "$d" --js
    [ $v = ok ] || mutate "$d/h2f.js" 's/if (len === n \&\& sameValueBytes(/if (sameValueBytes(/'
    rc=0 && HHN_TEST_QUICK=1 "$NODE" --test "$d/h2f.test.js" > "$d/log" 2>&1 || rc=$?
    echo $rc > "$out/js/$v.rc"
  done
  judge js
fi
exit $status
