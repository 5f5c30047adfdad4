#!/bin/sh
# run.sh: installs hhn into a staging folder, builds the consumer against it with make, with
# CMake (hhn's CMake package) and with Meson (pkg-config), checks that its table is remade only
# when its list changes, and that uninstall leaves nothing behind. Usage: run.sh BUILD_DIR (run
# by make check).
set -eu
build=$(cd "$1" && pwd)
stage=$build/stage
work=$build/consumer
prefix=/usr/local
rm -rf "$stage" "$work"
make --no-print-directory -s install DESTDIR="$stage" PREFIX=$prefix >/dev/null
cp -r tests/consumer "$work"
man=$stage$prefix/share/man/man1/hhn-gen.1
if ! grep -q "hhn $(cat VERSION)" "$man"; then
  echo "consumer: FAILED: $man is missing or lacks the version" >&2
  exit 1
fi

for f in $(cd data && ls); do # the lists and static tables a build names to hhn-gen
  cmp -s "data/$f" "$stage$prefix/share/hhn/$f" ||
    { echo "consumer: FAILED: make install did not put data/$f in share/hhn" >&2; exit 1; }
done
cmp -s LICENSE "$stage$prefix/share/hhn/LICENSE" ||
  { echo "consumer: FAILED: make install did not put LICENSE in share/hhn" >&2; exit 1; }

# pkg-config reads only the staged hhn.pc and puts the stage in front of its paths.
PKG_CONFIG_LIBDIR=$stage$prefix/lib/pkgconfig
PKG_CONFIG_SYSROOT_DIR=$stage
LD_LIBRARY_PATH=$stage$prefix/lib
export PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR LD_LIBRARY_PATH
unset PKG_CONFIG_PATH
gen=$stage$prefix/bin/hhn-gen
# every build with every warning an error, as a strict user's
werror="-O2 -Wall -Wextra -Werror"

echo "consumer: make, against $(pkg-config --cflags --libs hhn)"
(cd "$work" && make --no-print-directory HHN_GEN="$gen" CFLAGS="$werror" >/dev/null)
"$work/out/consumer"
if ! (cd "$work" && make -q --no-print-directory HHN_GEN="$gen" CFLAGS="$werror"); then
  echo "consumer: FAILED: make would redo work with nothing changed" >&2
  exit 1
fi
sleep 1 && touch "$work/myhdr.in"
if (cd "$work" && make -q --no-print-directory HHN_GEN="$gen" CFLAGS="$werror"); then
  echo "consumer: FAILED: make would not remake the table after the list changed" >&2
  exit 1
fi
# make's whole output first: grep -q would close the pipe at its match, and make, writing on,
# would fail and delete the table it had just made.
remade=$(cd "$work" && make --no-print-directory HHN_GEN="$gen" CFLAGS="$werror")
# (hhn-gen's own summary, which make -s, as make check -s passes on, does not silence)
if ! printf '%s\n' "$remade" | grep -q 'hhn-gen: wrote out/myhdr.c' || [ ! -f "$work/out/myhdr.c" ]; then
  echo "consumer: FAILED: make did not remake the table after the list changed" >&2
  exit 1
fi
echo "consumer: the table is remade when, and only when, myhdr.in changes"

echo "consumer: cmake, with find_package(hhn) and hhn_generate()"
cmake -S "$work" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$stage$prefix" -DCMAKE_C_FLAGS="$werror" \
  -DCMAKE_CXX_FLAGS="$werror" >/dev/null
cmake --build "$work/cmake" >/dev/null
"$work/cmake/consumer"
"$work/cmake/consumer_cxx"
echo "consumer: ctest runs myhdr_test, the test hhn_generate(... TEST) adds"
(cd "$work/cmake" && ctest --output-on-failure) | grep -E 'tests passed|FAIL|myhdr_test:' || true
(cd "$work/cmake" && ctest --quiet) || { echo "consumer: FAILED: ctest" >&2; exit 1; }
[ -f "$work/cmake/gen/myhdr_test.c" ] || { echo "consumer: FAILED: no myhdr_test.c" >&2; exit 1; }
echo "consumer: cmake, a project of C++ alone: the table and its test built as C++"
cmake -S "$work/cxx-only" -B "$work/cmake-cxx" -DCMAKE_PREFIX_PATH="$stage$prefix" \
  -DCMAKE_CXX_FLAGS="$werror" >/dev/null
cmake --build "$work/cmake-cxx" >/dev/null
"$work/cmake-cxx/consumer_cxx"
(cd "$work/cmake-cxx" && ctest --quiet) || { echo "consumer: FAILED: ctest (C++ alone)" >&2; exit 1; }

echo "consumer: meson, with dependency('hhn') and hhn-gen in a custom target"
PATH=$stage$prefix/bin:$PATH meson setup -Dwerror=true -Dwarning_level=3 "$work/meson" "$work" \
  >/dev/null
PATH=$stage$prefix/bin:$PATH meson compile -C "$work/meson" >/dev/null
"$work/meson/consumer"

make --no-print-directory -s uninstall DESTDIR="$stage" PREFIX=$prefix >/dev/null
left=$(find "$stage" -mindepth 1)
if [ -n "$left" ]; then
  echo "consumer: FAILED: uninstall left $left" >&2
  exit 1
fi
echo "consumer: uninstall removed every file and folder install made"
