#!/bin/sh
# stack-ids.sh: prints a stack's token enum as "name id" lines, from the stack's own header:
# each enumerator PREFIX_NAME [= N] of the enum that ends in "} END;", its name in lowercase
# with '_' as '-' and a leading '_' as ':', its value as C counts it. tests/data/ids/*.tokens
# are its output (tests/checks/ids.sh compares them, whole, with the lists that say they are the
# stacks'); a maintainer's tool, run on a checkout of the stack:
#   stack-ids.sh HEADER PREFIX END     e.g. lib/nghttp2_hd.h NGHTTP2_TOKEN_ nghttp2_token
set -eu
header=$1 prefix=$2 end=$3
awk -v prefix="$prefix" -v end="$end" '
  /typedef enum/ { inside = 1; next }
  inside && $0 ~ "} *" end ";" { exit }
  inside && $1 ~ "^" prefix {
    name = $1; sub(",$", "", name); sub("^" prefix, "", name)
    if ($2 == "=") { v = $3; sub(",$", "", v); id = v + 0 } else id = next_id
    next_id = id + 1
    name = tolower(name); gsub("_", "-", name); sub("^-", ":", name)
    print name, id
  }
' "$header"
