#!/bin/sh
# libc-macros.sh: writes gen/reserved_macros.inc, the macros of the C and C++ library headers
# that hhn-gen's output includes which an id could be (uppercase, with an underscore), sorted for
# bsearch: glibc's and musl's with _GNU_SOURCE, by gcc, clang, g++ and clang++ (gathered with
# -dM -E). A maintainer's tool, run by hand after an output file includes a new header:
#   sh tools/libc-macros.sh > gen/reserved_macros.inc
set -eu
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# P.h, P.c and P_test.c include these; P.hpp the C++ ones.
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
#endif
C
printf '#include <cstddef>\n#include <cstdint>\n#include <string_view>\n' > "$dir/h.cc"
{
  for cc in gcc clang musl-gcc; do
    command -v $cc > /dev/null && $cc -D_GNU_SOURCE -dM -E "$dir/h.c"
  done
  for cxx in g++ clang++; do
    command -v $cxx > /dev/null && $cxx -D_GNU_SOURCE -dM -E "$dir/h.cc"
  done
} | awk '$1 == "#define" { sub(/\(.*/, "", $2); print $2 }' |
  grep -E '^[A-Z][A-Z0-9]*_[A-Z0-9_]*$' | LC_ALL=C sort -u > "$dir/list"
echo "/* reserved_macros.inc: written by tools/libc-macros.sh; the macros that an id could be,"
echo "   of the headers hhn-gen's output includes, from glibc and musl; sorted (strcmp). */"
sed 's/.*/"&",/' "$dir/list"
