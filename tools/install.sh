#!/bin/sh
# install.sh: installs hhn, removes it again, or writes its pkg-config file; run by make
# install, make uninstall and make (build/hhn.pc), from the repository.
#   install.sh install BUILD_DIR    every file, then ldconfig when DESTDIR is empty
#   install.sh uninstall            every file install made, and every folder it made
#   install.sh pc                   hhn.pc, on stdout
# The folders come from the environment, as make passes them: DESTDIR, PREFIX, BINDIR, LIBDIR,
# INCLUDEDIR, PKGCONFIGDIR, MANDIR, CMAKEDIR and DATADIR (the names lists and static tables of
# data/, which a build names to hhn-gen, with where they are from, and hhn's LICENSE); and VERSION. install records the folders it
# made, deepest first, in CMAKEDIR/hhn-folders, so that uninstall removes those and no other.
set -eu
: "${DESTDIR=}" "${PREFIX:=/usr/local}" "${VERSION:?}"
: "${BINDIR:=$PREFIX/bin}" "${LIBDIR:=$PREFIX/lib}" "${INCLUDEDIR:=$PREFIX/include}"
: "${PKGCONFIGDIR:=$LIBDIR/pkgconfig}" "${MANDIR:=$PREFIX/share/man}"
: "${CMAKEDIR:=$LIBDIR/cmake/hhn}" "${DATADIR:=$PREFIX/share/hhn}"
data="HTTPHeaderNames.in hpack-names.in qpack-names.in iana-names.in hpack-static.txt qpack-static.txt
  README.md"
soversion=${VERSION%%.*}
lib=libhhn.so.$VERSION
folders=$CMAKEDIR/hhn-folders

# under DIR: DIR as a path under PREFIX, or whole if it is not under PREFIX.
under() {
  case $1 in "$PREFIX"/*) echo "${1#"$PREFIX"/}" ;; *) echo "$1" ;; esac
}

# The CMake package finds its folders from where it is installed: UP climbs from CMAKEDIR to
# PREFIX, and each folder is under PREFIX, or whole when it is not.
cmake_sed() {
  up=$(under "$CMAKEDIR" | sed 's|[^/][^/]*|..|g')
  sed -e "s|@UP@|$up|" -e "s|@LIBDIR_REL@|$(under "$LIBDIR")|" \
    -e "s|@INCLUDEDIR_REL@|$(under "$INCLUDEDIR")|" -e "s|@BINDIR_REL@|$(under "$BINDIR")|" \
    -e "s|@VERSION@|$VERSION|" -e "s|@SOVERSION@|$soversion|" "$1"
}

pc() {
  sed -e "s|@PREFIX@|$PREFIX|" -e "s|@LIBDIR@|$LIBDIR|" -e "s|@INCLUDEDIR@|$INCLUDEDIR|" \
    -e "s|@VERSION@|$VERSION|" hhn.pc.in
}

# made DIR: makes DESTDIR/DIR and the folders above it that are missing, and notes each it made
# (up to DESTDIR: a staging folder that install makes is not one of PREFIX's).
made=
made() {
  d=$1 new=
  while [ "$d" != / ] && [ "$d" != . ] && [ ! -d "$DESTDIR$d" ]; do
    new="$d $new"
    d=$(dirname "$d")
  done
  [ -d "$DESTDIR$d" ] || install -d "$DESTDIR$d"
  for d in $new; do
    install -d "$DESTDIR$d"
    made="$d
$made"
  done
}

install_all() {
  build=$1
  for d in "$BINDIR" "$LIBDIR" "$INCLUDEDIR" "$PKGCONFIGDIR" "$MANDIR/man1" "$CMAKEDIR" "$DATADIR"; do
    made "$d"
  done
  install -m 755 "$build/hhn-gen" "$DESTDIR$BINDIR/hhn-gen"
  install -m 644 "$build/libhhn.a" "$DESTDIR$LIBDIR/libhhn.a"
  install -m 755 "$build/$lib" "$DESTDIR$LIBDIR/$lib"
  ln -sf "$lib" "$DESTDIR$LIBDIR/libhhn.so.$soversion"
  ln -sf "$lib" "$DESTDIR$LIBDIR/libhhn.so"
  install -m 644 include/hhn.h "$DESTDIR$INCLUDEDIR/hhn.h"
  install -m 644 include/hhn.hpp "$DESTDIR$INCLUDEDIR/hhn.hpp"
  pc > "$DESTDIR$PKGCONFIGDIR/hhn.pc"
  install -m 644 gen/hhn-gen.1 "$DESTDIR$MANDIR/man1/hhn-gen.1"
  for f in $data; do
    install -m 644 "data/$f" "$DESTDIR$DATADIR/$f"
  done
  install -m 644 LICENSE "$DESTDIR$DATADIR/LICENSE"
  cmake_sed hhnConfig.cmake.in > "$DESTDIR$CMAKEDIR/hhnConfig.cmake"
  cmake_sed hhnConfigVersion.cmake.in > "$DESTDIR$CMAKEDIR/hhnConfigVersion.cmake"
  # the folders made now, deepest first, and those an earlier install made
  { printf '%s' "$made"; [ -f "$DESTDIR$folders" ] && cat "$DESTDIR$folders"; } | grep . |
    awk '!seen[$0]++' > "$DESTDIR$folders.tmp" || true
  mv "$DESTDIR$folders.tmp" "$DESTDIR$folders"
  ldconfig_now
}

# The dynamic linker finds a new library, and forgets an old one, only once ldconfig has run
# (not for a staged install).
ldconfig_now() {
  if [ -z "$DESTDIR" ] && command -v ldconfig >/dev/null 2>&1; then
    echo ldconfig
    ldconfig
  fi
}

uninstall_all() {
  rm -f "$DESTDIR$BINDIR/hhn-gen" "$DESTDIR$LIBDIR/libhhn.a" "$DESTDIR$LIBDIR/$lib" \
    "$DESTDIR$LIBDIR/libhhn.so.$soversion" "$DESTDIR$LIBDIR/libhhn.so" \
    "$DESTDIR$INCLUDEDIR/hhn.h" "$DESTDIR$INCLUDEDIR/hhn.hpp" "$DESTDIR$PKGCONFIGDIR/hhn.pc" "$DESTDIR$MANDIR/man1/hhn-gen.1" \
    "$DESTDIR$CMAKEDIR/hhnConfig.cmake" "$DESTDIR$CMAKEDIR/hhnConfigVersion.cmake" \
    "$DESTDIR$DATADIR/LICENSE"
  for f in $data; do
    rm -f "$DESTDIR$DATADIR/$f"
  done
  if [ -f "$DESTDIR$folders" ]; then
    list=$(cat "$DESTDIR$folders")
    rm -f "$DESTDIR$folders"
    for d in $list; do
      rmdir "$DESTDIR$d" 2>/dev/null || true # a folder that now holds something else stays
    done
  fi
  ldconfig_now
}

case ${1:-} in
  install) install_all "${2:?install.sh install BUILD_DIR}" ;;
  uninstall) uninstall_all ;;
  pc) pc ;;
  *) echo "usage: install.sh install BUILD_DIR | uninstall | pc" >&2; exit 2 ;;
esac
