#!/bin/sh
# webkit.sh: the tests of a table's WebKit files, for tests/matrix.sh's variant "webkit":
#   webkit.sh DIR PREFIX TABLE LIST   DIR holds PREFIX.h, PREFIX.cpp and PREFIX.gperf
#                                     (hhn-gen --webkit) of the names list LIST
# Without WebKit: the files build against tests/webkit's stand-ins of config.h and WTF's
# headers, by $CXX and clang++ with -std=c++20 -Wall -Wextra -Werror; gperf makes its table
# from PREFIX.gperf as WebKit's script has it do; tests/webkit/check_webkit.cpp asks both tables
# the same inputs (native and portable builds, and under ASan and UBSan); and the names by id
# are LIST's sorted by their bytes (sort, apart from hhn-gen). Prints "N checks", or why it
# failed (exit 1). CXX and GPERF as make has them.
set -eu
: "${CXX:=c++}" "${GPERF:=gperf}"
dir=$1 prefix=$2 list=$4
log=$dir/log
inc="-Itests/webkit -I$dir"
flags="-std=c++20 -Wall -Wextra -Werror"
fail() { echo "FAILED: $1: $(grep -m 1 -E 'error|FAIL|runtime error' "$log" | cut -c1-300)"; exit 1; }
(cd "$dir" && $GPERF --key-positions='*' -D -n -s 2 "$prefix.gperf" --output-file=gperf.cpp) > "$log" 2>&1 ||
  fail "gperf"
# gperf's table, its functions renamed, built without -Werror: its output is not ours
$CXX -std=c++20 -O2 -w $inc -DfindHTTPHeaderName=gperfFind -DhttpHeaderNameString=gperfString \
  -c "$dir/gperf.cpp" -o "$dir/gperf.o" > "$log" 2>&1 || fail "gperf's table does not build"
# the builds, between ';': WEBKIT_BUILDS, or native, portable, by clang++, and under ASan and UBSan
builds=${WEBKIT_BUILDS:-"$CXX -O2;$CXX -O2 -DHHN_NO_AVX512;clang++ -O2;clang++ -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all"}
blanks=$IFS
IFS=';'
for build in $builds; do
  IFS=$blanks
  # shellcheck disable=SC2086
  $build $flags $inc -c "$dir/$prefix.cpp" -o "$dir/table.o" > "$log" 2>&1 ||
    fail "$prefix.cpp does not build with $build"
  # shellcheck disable=SC2086
  $build -std=c++20 $inc -DTABLE_HEADER="\"$prefix.h\"" tests/webkit/check_webkit.cpp \
    "$dir/table.o" "$dir/gperf.o" -o "$dir/check" > "$log" 2>&1 || fail "the check does not build"
  "$dir/check" > "$dir/out" 2> "$log" || fail "$build"
done
# the names by id: the list's (its comments, blank lines and attributes left out) sorted
grep -v -e '^[[:space:]]*//' -e '^[[:space:]]*$' "$list" | awk '{ print $1 }' | LC_ALL=C sort > "$dir/sorted"
sed '$d' "$dir/out" | cmp -s - "$dir/sorted" || { echo "FAILED: the ids are not the list's sorted order"; exit 1; }
tail -n 1 "$dir/out"
