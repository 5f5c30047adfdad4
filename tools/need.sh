#!/bin/sh
# need.sh: fails, naming in one message the Debian package of every tool that a make target
# needs and this machine lacks, before the target runs; run by make need-tools and need-cross.
#   need.sh TARGET [--check-lib] TOOL:PACKAGE...
# With --check-lib, also the Check library (through pkg-config, $PKG_CONFIG, or its header)
# and clang's sanitizer runtimes (libclang-rt-dev), which no tool on PATH stands for.
set -u
target=$1
shift
missing=
if [ "${1:-}" = --check-lib ]; then
  shift
  # Check, through pkg-config when it is there, else by its header; either way named now, not
  # after pkg-config is in
  if command -v "${PKG_CONFIG:-pkg-config}" >/dev/null 2>&1; then
    "${PKG_CONFIG:-pkg-config}" --exists check || missing="$missing check"
  elif ! echo '#include <check.h>' | ${CC:-cc} -E -x c - >/dev/null 2>&1; then
    missing="$missing check"
  fi
  # clang's sanitizer runtimes: a package of their own, needed beside clang, named with it
  if ! command -v clang >/dev/null 2>&1 ||
    ! echo 'int main(void) { return 0; }' | clang -fsanitize=memory -x c - -o /dev/null 2>/dev/null; then
    missing="$missing libclang-rt-dev"
  fi
fi
for t; do
  command -v "${t%%:*}" >/dev/null 2>&1 && continue
  case " $missing " in *" ${t##*:} "*) ;; *) missing="$missing ${t##*:}" ;; esac # once each
done
if [ -n "$missing" ]; then
  echo "error: make $target needs what these Debian packages install:$missing" >&2
  echo "       apt-get install -y$missing" >&2
  exit 1
fi
