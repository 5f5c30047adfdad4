#!/bin/sh
# go.sh: the tests of a table's Go files, for tests/matrix.sh's variant "go" (see rust.sh):
#   go.sh DIR PREFIX TABLE   DIR holds PREFIX.go and PREFIX_test.go (hhn-gen --go --test)
# The package in a module of its own: gofmt-clean, go vet-clean, and go test (-short but for the
# default table's: the 256 values of a mutation sampled, as P_test.c's -DHHN_TEST_QUICK).
# Prints "N tests passed, M checks", or why it failed (exit 1). GO and GOFMT as make has them.
set -eu
: "${GO:=go}" "${GOFMT:=gofmt}"
dir=$1 prefix=$2 table=$3
log=$dir/log
printf 'module %s\n\ngo 1.18\n' "$prefix" > "$dir/go.mod"
short=-short
[ "$table" != default ] || short=
if ! (cd "$dir" && test -z "$($GOFMT -l .)" && $GO vet . && $GO test -count=1 $short -v .) > "$log" 2>&1; then
  echo "FAILED: $(grep -m 1 -E 'FAIL|\.go:|^[a-z]' "$log" | cut -c1-300)" && exit 1
fi
echo "$(grep -c -- '^--- PASS' "$log") tests passed, $(awk '/checks,/ { n += $(NF - 3) } END { print n }' "$log") checks"
