#!/bin/sh
# webkit.sh: the tests of a table's WebKit files, for tests/matrix.sh's variant "webkit":
#   webkit.sh DIR PREFIX TABLE LIST   DIR holds PREFIX.h, PREFIX.cpp and PREFIX.gperf
#                                     (hhn-gen --webkit) of the names list LIST
# Without WebKit: the files build against tests/webkit's stand-ins of config.h and WTF's
# headers, by $CXX and clang++ with -std=c++20 -Wall -Wextra -Werror; gperf makes its table
# from PREFIX.gperf as WebKit's script has it do; tests/webkit/check_webkit.cpp asks both tables
# the same inputs (baseline, native and portable builds, and under ASan and UBSan); and the
# names by id are LIST's sorted by their bytes (sort, apart from hhn-gen). Where HHN_GEN_AGAIN
# is the command that wrote DIR (matrix.sh sets it: hhn-gen and its options, less --output-dir
# and the list), the files for the older WTF (--wtf-characters) are made in DIR/characters and checked
# by $CXX against the stand-in with no span (HHN_TEST_WTF_CHARACTERS). WEBKIT_RUN runs the
# checks (qemu-aarch64 for another CPU: tests/checks/cross.sh). Prints "N checks", or why it
# failed (exit 1). CXX and GPERF as make has them.
set -eu
: "${CXX:=c++}" "${GPERF:=gperf}"
dir=$1 prefix=$2 list=$4
log=$dir/log
flags="-std=c++20 -Wall -Wextra -Werror"
fail() { echo "FAILED: $1: $(grep -m 1 -E 'error|FAIL|runtime error' "$log" | cut -c1-300)"; exit 1; }

# check_files DIR BUILDS [DEFINE]: gperf's table of DIR's P.gperf, then each build (between
# ';') of DIR's P.cpp and the check, run; its answers in DIR/out.
check_files() {
  d=$1 builds=$2 inc="-Itests/webkit -I$1 ${3:-}"
  (cd "$d" && $GPERF --key-positions='*' -D -n -s 2 "$prefix.gperf" --output-file=gperf.cpp) > "$log" 2>&1 ||
    fail "gperf"
  # gperf's table, its functions renamed, built without -Werror: its output is not ours
  # shellcheck disable=SC2086
  $CXX -std=c++20 -O2 -w $inc -DfindHTTPHeaderName=gperfFind -DhttpHeaderNameString=gperfString \
    -c "$d/gperf.cpp" -o "$d/gperf.o" > "$log" 2>&1 || fail "gperf's table does not build"
  blanks=$IFS
  IFS=';'
  for build in $builds; do
    IFS=$blanks
    # shellcheck disable=SC2086
    $build $flags $inc -c "$d/$prefix.cpp" -o "$d/table.o" > "$log" 2>&1 ||
      fail "$prefix.cpp does not build with $build${3:+ $3}"
    # shellcheck disable=SC2086
    $build -std=c++20 $inc -DTABLE_HEADER="\"$prefix.h\"" tests/webkit/check_webkit.cpp \
      "$d/table.o" "$d/gperf.o" -o "$d/check" > "$log" 2>&1 || fail "the check does not build"
    # shellcheck disable=SC2086
    ${WEBKIT_RUN:-} "$d/check" > "$d/out" 2> "$log" || fail "$build${3:+ $3}"
  done
  IFS=$blanks
}

# the builds, between ';': WEBKIT_BUILDS, or baseline (the lookup picked at run time), native,
# portable, by clang++, and under ASan and UBSan
check_files "$dir" "${WEBKIT_BUILDS:-"$CXX -O2;$CXX -O2 -march=native;$CXX -O2 -DHHN_NO_AVX512;clang++ -O2;clang++ -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all"}"
# the names by id: the list's (its comments, blank lines and attributes left out) sorted
grep -v -e '^[[:space:]]*//' -e '^[[:space:]]*$' "$list" | awk '{ print $1 }' | LC_ALL=C sort > "$dir/sorted"
sed '$d' "$dir/out" | cmp -s - "$dir/sorted" || { echo "FAILED: the ids are not the list's sorted order"; exit 1; }
said=$(tail -n 1 "$dir/out")
if [ -n "${HHN_GEN_AGAIN:-}" ]; then
  mkdir -p "$dir/characters"
  $HHN_GEN_AGAIN --wtf-characters --output-dir "$dir/characters" "$list" > "$log" 2>&1 ||
    fail "hhn-gen --wtf-characters"
  check_files "$dir/characters" "$CXX -O2" -DHHN_TEST_WTF_CHARACTERS
  said="$said; older WTF: $(tail -n 1 "$dir/characters/out")"
fi
echo "$said"
