#!/bin/sh
# libc-macros.sh: writes gen/emit/c/reserved_macros.inc, the macros of the C and C++ library headers
# that hhn-gen's output includes which an id could be (uppercase, with an underscore), sorted for
# bsearch: glibc's and musl's with _GNU_SOURCE, on every CPU whose compiler is here (a header
# such as <sys/mman.h> defines PROT_BTI on aarch64 alone), gathered with -dM -E. A maintainer's
# tool, run by hand after an output file includes a new header, with the cross compilers of
# CROSS below installed (Debian's gcc-aarch64-linux-gnu, ...):
#   sh tools/libc-macros.sh > gen/emit/c/reserved_macros.inc
# With --check FILE, it prints the macros that the compilers here define and FILE lacks, and
# exits 1 if there is one (make check-cross runs it on gen/emit/c/reserved_macros.inc).
set -eu
CROSS="aarch64-linux-gnu-gcc arm-linux-gnueabihf-gcc i686-linux-gnu-gcc s390x-linux-gnu-gcc
riscv64-linux-gnu-gcc powerpc64le-linux-gnu-gcc mips64el-linux-gnuabi64-gcc"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# P.h, P.c and P_test.c include these (the CPU's vector header where P.c takes it); P.hpp the
# C++ ones.
cat > "$dir/h.c" <<'C'
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#if defined(__x86_64__)
#include <immintrin.h>
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif
C
printf '#include <cstddef>\n#include <cstdint>\n#include <string_view>\n' > "$dir/h.cc"
{
  for cc in gcc clang musl-gcc $CROSS; do
    if command -v "$cc" > /dev/null; then
      $cc -D_GNU_SOURCE -dM -E "$dir/h.c"
      echo "$cc" >> "$dir/used"
    fi
  done
  for cxx in g++ clang++; do
    command -v $cxx > /dev/null && $cxx -D_GNU_SOURCE -dM -E "$dir/h.cc"
  done
} | awk '$1 == "#define" { sub(/\(.*/, "", $2); print $2 }' |
  grep -E '^[A-Z][A-Z0-9]*_[A-Z0-9_]*$' | LC_ALL=C sort -u > "$dir/list"
if [ "${1:-}" = --check ]; then
  sed -n 's/^"\(.*\)",$/\1/p' "$2" | LC_ALL=C sort -u > "$dir/have"
  LC_ALL=C comm -23 "$dir/list" "$dir/have" > "$dir/missing"
  if [ -s "$dir/missing" ]; then
    echo "libc-macros: $2 lacks $(wc -l < "$dir/missing") macros of $(tr '\n' ' ' < "$dir/used")(an id spelled as one would not compile where it is defined):" >&2
    head -n 20 "$dir/missing" | sed 's/^/  /' >&2
    echo "libc-macros: sh tools/libc-macros.sh > $2 writes it anew" >&2
    exit 1
  fi
  echo "libc-macros: $2 holds every macro of $(tr '\n' ' ' < "$dir/used" | sed 's/ $//')"
  exit 0
fi
echo "/* reserved_macros.inc: written by tools/libc-macros.sh; the macros that an id could be,"
echo "   of the headers hhn-gen's output includes, from glibc and musl, by these compilers:"
tr '\n' ' ' < "$dir/used" | sed 's/ $/; sorted (strcmp). *\//' | fold -s -w 90 | sed 's/^/   /; s/ *$//'
echo
sed 's/.*/"&",/' "$dir/list"
