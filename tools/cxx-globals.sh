#!/bin/sh
# cxx-globals.sh: writes gen/emit/c/reserved_cxx.inc, the names that `namespace P {}` cannot be: those
# that the headers of P.hpp (<cstddef>, <cstdint>, <string_view>, and P.h's <stddef.h> and
# <stdint.h>) declare in the global namespace, and those that the compilers take for their
# built-in functions even with no header (memcpy, printf, abs): each identifier of the text of
# those headers and of the C library's others (<stdio.h>, <stdlib.h>, <string.h>, <math.h>, ...),
# tried as a namespace after P.hpp's headers and alone, by g++ and clang++ (C++17, glibc and
# libstdc++ here); the keywords aside, which idents.c lists itself. Sorted for bsearch. A
# maintainer's tool, run by hand when P.hpp includes a new header:
#   sh tools/cxx-globals.sh > gen/emit/c/reserved_cxx.inc
set -eu
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '#include <cstddef>\n#include <cstdint>\n#include <string_view>\n#include <stddef.h>\n#include <stdint.h>\n' \
  > "$dir/pre.hh"
{
  cat "$dir/pre.hh"
  for h in assert ctype errno fenv float inttypes limits locale math setjmp signal stdarg stdio \
    stdlib string strings time uchar wchar wctype; do
    printf '#include <%s.h>\n' $h
  done
} > "$dir/all.hh"
g++ -std=c++17 -E -x c++ "$dir/all.hh" | grep -v '^#' | grep -oE '\b[a-z][A-Za-z0-9_]*\b' |
  LC_ALL=C sort -u > "$dir/candidates"
# The keywords, which a namespace cannot be either, are idents.c's own list.
sed -n '/^static const char \*const cxx_keywords/,/^};/p' gen/emit/c/idents.c | grep -oE '"[a-z0-9_]+"' |
  tr -d '"' | LC_ALL=C sort > "$dir/keywords"
while read -r w; do
  printf '#include "pre.hh"\nnamespace %s {}\n' "$w" > "$dir/one.cc"
  printf 'namespace %s {}\n' "$w" > "$dir/alone.cc"
  for cxx in g++ clang++; do
    if ! $cxx -std=c++17 -fsyntax-only -Werror -I"$dir" "$dir/one.cc" 2> /dev/null ||
      ! $cxx -std=c++17 -fsyntax-only -Werror "$dir/alone.cc" 2> /dev/null; then
      echo "$w"
      break
    fi
  done
done < "$dir/candidates" | LC_ALL=C sort -u | LC_ALL=C comm -23 - "$dir/keywords" > "$dir/list"
echo "/* reserved_cxx.inc: written by tools/cxx-globals.sh; the names that P.hpp's headers declare"
echo "   in the global namespace, and the compilers' built-in functions (g++ and clang++, glibc and"
echo "   libstdc++); sorted (strcmp). */"
sed 's/.*/"&",/' "$dir/list"
