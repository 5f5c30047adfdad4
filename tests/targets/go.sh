#!/bin/sh
# go.sh: the tests of a table's Go files, for tests/matrix.sh's variant "go" (see rust.sh):
#   go.sh DIR PREFIX TABLE   DIR holds PREFIX.go and PREFIX_test.go (hhn-gen --go --test)
# The package in a module of its own: gofmt-clean, go vet-clean, and go test (-short but for the
# default table's: the 256 values of a mutation sampled, as P_test.c's -DHHN_TEST_QUICK); and,
# where STATICCHECK names one, staticcheck with every check on both files with their "Code
# generated" line taken out (which would make it pass over the names). Prints "N tests passed,
# M checks", or why it failed (exit 1). GO, GOFMT and STATICCHECK as make has them.
set -eu
: "${GO:=go}" "${GOFMT:=gofmt}" "${STATICCHECK:=}"
dir=$1 prefix=$2 table=$3
log=$dir/log
printf 'module %s\n\ngo 1.18\n' "$prefix" > "$dir/go.mod"
short=-short
[ "$table" != default ] || short=
if ! (cd "$dir" && test -z "$($GOFMT -l .)" && $GO vet . && $GO test -count=1 $short -v .) > "$log" 2>&1; then
  echo "FAILED: $(grep -m 1 -E 'FAIL|\.go:|^[a-z]' "$log" | cut -c1-300)" && exit 1
fi
if [ -n "$STATICCHECK" ]; then
  rm -rf "$dir/lint" && mkdir "$dir/lint" && cp "$dir/go.mod" "$dir/lint/"
  for f in "$prefix.go" "${prefix}_test.go"; do sed 1d "$dir/$f" > "$dir/lint/$f"; done
  if ! (cd "$dir/lint" && $STATICCHECK -checks all .) > "$dir/lint.log" 2>&1; then
    echo "FAILED: staticcheck -checks all: $(head -n 3 "$dir/lint.log" | tr '\n' ' ' | cut -c1-300)"
    exit 1
  fi
  lint=", staticcheck -checks all clean"
fi
echo "$(grep -c -- '^--- PASS' "$log") tests passed, $(awk '/checks,/ { n += $(NF - 3) } END { print n }' "$log") checks${lint:-}"
