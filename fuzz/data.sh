#!/bin/sh
# data.sh: what the fuzzers take from names lists, made straight from the lists (not by
# hhn-gen), on stdout; run by make (fuzz/fuzz.mk).
#   data.sh ref LIST        a C array of the list's names, ref_names, for the reference lookup
#   data.sh dict LIST...    a libFuzzer dictionary: every name, and the tokens of a list file
set -eu
kind=$1
shift
# names LIST...: the names of the lists, one a line (comment lines, attributes and CRs aside)
names() { awk '/^[ \t]*\/\// { next } { sub(/\r$/, "") } NF { print $1 }' "$@"; }
case $kind in
  ref)
    echo "/* Made by fuzz/data.sh from $1. */"
    echo 'static const char *const ref_names[] = {'
    names "$1" | sed 's/.*/    "&",/'
    echo '};' ;;
  dict)
    names "$@" | sort -u | sed 's/.*/"&"/'
    printf '%s\n' '"//"' '"\x0a"' '"\x0d\x0a"' '":"' '"-"' '" "' '"\x09"' '"="' '"hop-by-hop"' \
      '"hpack=28"' '" // "' ;;
  *) echo "usage: data.sh ref LIST | dict LIST..." >&2; exit 2 ;;
esac
