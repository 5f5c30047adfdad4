#!/bin/sh
# data.sh: what the fuzzers take from names lists, made straight from the lists (not by
# hhn-gen), on stdout; run by make (fuzz/fuzz.mk).
#   data.sh dict LIST...    a libFuzzer dictionary: every name, and the tokens of a list file
set -eu
kind=$1
shift
# names LIST...: the names of the lists, one a line (comment lines, attributes and CRs aside)
names() { awk '/^[ \t]*\/\// { next } { sub(/\r$/, "") } NF { print $1 }' "$@"; }
case $kind in
  dict)
    names "$@" | sort -u | sed 's/.*/"&"/'
    printf '%s\n' '"//"' '"\x0a"' '"\x0d\x0a"' '":"' '"-"' '" "' '"\x09"' '"="' '"hop-by-hop"' \
      '"hpack=28"' '" // "' ;;
  *) echo "usage: data.sh dict LIST..." >&2; exit 2 ;;
esac
