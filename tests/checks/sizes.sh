#!/bin/sh
# sizes.sh: fails if a file of FILES has more than MAX_FILE lines, or a function in it more than
# MAX_FUNCTION (its signature and body, as clang-format lays them out: a function begins at a
# line in column 0 and ends at a "}" alone in column 0). Prints the longest of each.
#   sizes.sh MAX_FILE MAX_FUNCTION FILES...
set -eu
max_file=$1 max_function=$2
shift 2
awk -v max_file="$max_file" -v max_fn="$max_function" '
  FNR == 1 { comment = 0; start = 0 }
  { lines[FILENAME] = FNR }
  /^\/\*/ { comment = 1 }
  comment { if ($0 ~ /\*\//) comment = 0; next }
  /^[A-Za-z_]/ && !start && $0 !~ /;$/ && $0 !~ /=/ { start = FNR } # "x = ...": data
  /^}$/ && start {
    n = FNR - start + 1
    if (n > longest) { longest = n; where = FILENAME ":" start }
    if (n > max_fn) { print FILENAME ":" start ": a function of " n " lines (at most " max_fn ")"; bad = 1 }
    start = 0
  }
  /^};$/ || /;$/ && /^[A-Za-z_]/ { if ($0 !~ /\{$/) start = 0 }
  END {
    for (f in lines) {
      if (lines[f] > max_file) { print f ": " lines[f] " lines (at most " max_file ")"; bad = 1 }
      if (lines[f] > most) { most = lines[f]; big = f }
    }
    printf "sizes: the longest file is %s (%d lines), the longest function at %s (%d lines)\n", big, most, where, longest
    exit bad
  }' "$@"
