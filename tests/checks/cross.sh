#!/bin/sh
# cross.sh: the tables' own tests (the test hhn-gen --test wrote beside each: the one harness) on
# other CPUs and compilers. For each target it builds the default table's test and the two big
# tables' with -DHHN_TEST_QUICK (a few byte values where the test tries all 256, so that an
# emulated CPU takes seconds), and runs them, under qemu-user where the CPU is not this one.
# Usage: cross.sh BUILD_DIR [TARGET...] (run by make check-cross, from the repository).
#   aarch64, armhf (32-bit), i686 (32-bit), s390x (big-endian): Debian's cross compilers, static
#   x86-64-v3: this compiler, static, with -DHHN_AVX2, on qemu's Haswell, a CPU with AVX2 and
#              without AVX-512, so the indirect functions pick the AVX2 lookups (of a word table)
#   x86-64-v2: the same on qemu's Nehalem, a CPU without AVX: they pick the portable lookups
#   (both the default table's alone, the pick being what they test: the big tables' AVX2 and
#   portable lookups run natively, the matrix's avx2q and portable; emulated, they took 50 of
#   x86-64-v3's 78 s and about 40 of x86-64-v2's 59)
#   musl: musl-gcc; tcc: the Tiny C Compiler; packed: the table built with -fpack-struct
#   webkit-aarch64: the default list's WebKit files (--webkit, and --wtf-characters), by
#              aarch64-linux-gnu-g++, static, under qemu-aarch64 (tests/targets/webkit.sh)
set -eu
build=$1
shift
targets=${*:-x86-64-v3 x86-64-v2 aarch64 i686 s390x armhf tcc musl packed webkit-aarch64}
status=0

# one TARGET CC RUN NAME PREFIX FLAGS...: builds and runs the test of one table
one() {
  target=$1 cc=$2 run=$3 name=$4 p=$5
  shift 5
  dir=$build/tables/$name out=$build/cross/$target
  mkdir -p "$out"
  table=$dir/$p.c
  case $target in packed) # the table alone packed: the test keeps the C library's layout
    $cc -std=c99 -O2 -I"$dir" "$@" -c "$table" -o "$out/$p.o"
    table=$out/$p.o
    set -- ;;
  esac
  # shellcheck disable=SC2086
  $cc -std=c99 -O2 -DHHN_TEST_QUICK "$@" $static -I"$dir" "$dir/${p}_test.c" "$table" -o "$out/$p"
  # shellcheck disable=SC2086
  if $run "$out/$p" > "$out/$p.log" 2>&1; then
    echo "check-cross: $target: $(tail -n 1 "$out/$p.log")"
  else
    grep -m 3 FAIL "$out/$p.log" || tail -n 3 "$out/$p.log"
    echo "check-cross: $target: the test of $name FAILED" >&2
    status=1
  fi
}

# webkit TARGET CXX RUN: the default list's WebKit files, made and checked against gperf's table
# by CXX (static), run by RUN
webkit() {
  out=$build/cross/$1
  mkdir -p "$out/files"
  "$build/hhn-gen" --quiet --webkit --prefix hhn --output-dir "$out/files" data/HTTPHeaderNames.in
  if said=$(CXX="$2 -static" WEBKIT_BUILDS="$2 -O2 -static" WEBKIT_RUN="$3" \
    HHN_GEN_AGAIN="$build/hhn-gen --quiet --webkit --prefix hhn" \
    sh tests/targets/webkit.sh "$out/files" hhn default data/HTTPHeaderNames.in); then
    echo "check-cross: $1: $said"
  else
    echo "check-cross: $1: $said" >&2
    return 1
  fi
}

# run_target TARGET: builds and runs the tests of every table on one target; exit status 1 if
# one failed.
run_target() {
  target=$1 static=-static flags= status=0
  case $target in
    webkit-aarch64) webkit "$target" aarch64-linux-gnu-g++ qemu-aarch64; return ;;
    aarch64) cc=aarch64-linux-gnu-gcc run=qemu-aarch64 ;;
    armhf) cc=arm-linux-gnueabihf-gcc run=qemu-arm ;;
    i686) cc=i686-linux-gnu-gcc run=qemu-i386 ;;
    s390x) cc=s390x-linux-gnu-gcc run=qemu-s390x ;;
    # qemu 7.2 faults on a masked load's masked-off lanes past a page, which no CPU does: the
    # AVX2 lookup's inputs there lie away from unmapped pages (guarded, it runs natively)
    x86-64-v3) cc=${CC:-cc} run="qemu-x86_64 -cpu Haswell" flags="-DHHN_TEST_UNGUARDED -DHHN_AVX2" ;;
    x86-64-v2) cc=${CC:-cc} run="qemu-x86_64 -cpu Nehalem" ;;
    musl) cc=musl-gcc run= static= ;;
    tcc) cc=tcc run= static= ;;
    packed) cc=${CC:-cc} run= static= flags="-fpack-struct -DHHN_NO_AVX512" ;;
    *) echo "cross.sh: no target $target" >&2; exit 2 ;;
  esac
  start=$(date +%s)
  # shellcheck disable=SC2086
  one "$target" "$cc" "$run" default hhn $flags
  bigs="big1000 big5000"
  case $target in x86-64-v*) bigs= ;; esac
  for big in $bigs; do
    # shellcheck disable=SC2086
    one "$target" "$cc" "$run" "$big" "$big" $flags
  done
  echo "check-cross: $target: $(($(date +%s) - start)) s"
  return $status
}

# Two targets at a time, in two lanes, each taking the next target not yet taken (a folder
# made for it: mkdir is atomic), the slowest first (x86-64-v3 emulates AVX2), so that the
# lanes end together; each target's lines are printed whole, in the
# order of the targets, once both lanes are done.
rm -rf "$build/cross" && mkdir -p "$build/cross"
lane() {
  for each in $targets; do
    mkdir "$build/cross/$each.taken" 2> /dev/null || continue
    if run_target "$each" > "$build/cross/$each.out" 2>&1; then
      echo 0 > "$build/cross/$each.status"
    else
      echo 1 > "$build/cross/$each.status"
    fi
  done
}
lane 0 &
lane 1
wait
status=0
for each in $targets; do
  cat "$build/cross/$each.out"
  [ "$(cat "$build/cross/$each.status")" = 0 ] || status=1
done
exit $status
