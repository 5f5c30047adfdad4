#!/bin/sh
# cross.sh: the table tests on other CPUs and compilers. For each target it builds
# tests/check_table.c (with tests/minicheck.h in place of Check, which is not built for them)
# against the default table and the two big tables, and runs them, under qemu-user where the
# CPU is not this one, with HHN_CHECK_QUICK=1 (a few byte values in the mutations, so that an
# emulated target takes about a minute). Usage: cross.sh BUILD_DIR [TARGET...] (run by make
# check-cross, from the repository).
#   aarch64, armhf (32-bit), i686 (32-bit), s390x (big-endian): Debian's cross compilers, static
#   x86-64-v3: this compiler, static, on qemu's Haswell, a CPU without AVX-512, so the indirect
#              function picks the portable lookup in a normal process
#   musl: musl-gcc; tcc: the Tiny C Compiler; packed: the tables built with -fpack-struct
set -eu
build=$1
shift
targets=${*:-aarch64 armhf i686 s390x x86-64-v3 musl tcc packed}
lists="data/HTTPHeaderNames.in $(ls data/*.in tests/data/lists/* | tr '\n' ' ')"
status=0

# build TARGET CC RUN TABLE TABLE_C FLAGS...: builds and runs the tests of one table
build() {
  target=$1 cc=$2 run=$3 table=$4 src=$5
  shift 5
  out=$build/cross/$target
  mkdir -p "$out"
  upper=$(echo "$table" | tr a-z A-Z)
  extra=
  [ "$table" = hhn ] && extra="-DT_DEFAULT tests/check_default.c tests/static_tables.c"
  table_flags="$*"
  case $target in packed) # the table alone packed: the tests keep the C library's layout
    $cc -std=c99 -O2 -Iinclude -I"$build/tables" $table_flags -c "$src" -o "$out/$table.o"
    src=$out/$table.o table_flags= ;;
  esac
  # shellcheck disable=SC2086
  $cc -std=c99 -O2 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -DHHN_MINICHECK $table_flags \
    -DT="$table" -DTU="$upper" -Iinclude -Itests -I"$build/tables" $static tests/check_table.c \
    tests/guard.c tests/lists.c $extra "$src" -o "$out/check_$table"
  list=$build/lists/$table.in
  [ "$table" = hhn ] && list=$lists
  # shellcheck disable=SC2086
  if HHN_CHECK_QUICK=1 $run "$out/check_$table" $list > "$out/check_$table.log" 2>&1; then
    echo "check-cross: $target: $(tail -n 1 "$out/check_$table.log")"
  else
    cat "$out/check_$table.log"
    echo "check-cross: $target: the tests of $table FAILED" >&2
    status=1
  fi
}

for target in $targets; do
  static=-static flags=
  case $target in
    aarch64) cc=aarch64-linux-gnu-gcc run=qemu-aarch64 ;;
    armhf) cc=arm-linux-gnueabihf-gcc run=qemu-arm ;;
    i686) cc=i686-linux-gnu-gcc run=qemu-i386 ;;
    s390x) cc=s390x-linux-gnu-gcc run=qemu-s390x ;;
    x86-64-v3) cc=${CC:-cc} run="qemu-x86_64 -cpu Haswell" ;;
    musl) cc=musl-gcc run= static= ;;
    tcc) cc=tcc run= static= ;;
    packed) cc=${CC:-cc} run= static= flags="-fpack-struct -DHHN_NO_AVX512" ;;
    *) echo "cross.sh: no target $target" >&2; exit 2 ;;
  esac
  start=$(date +%s)
  build "$target" "$cc" "$run" hhn lib/hhn.c $flags
  for t in big1000 big5000; do
    build "$target" "$cc" "$run" "$t" "$build/tables/$t.c" $flags
  done
  echo "check-cross: $target: $(( $(date +%s) - start )) s"
done
exit $status
