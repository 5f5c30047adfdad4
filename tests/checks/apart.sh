#!/bin/sh
# apart.sh: fails if an object of the first set uses a symbol that one of the second defines:
# the emitters render the plan and call nothing of the hash's files (gen/plan/plan.h).
#   apart.sh "READER.o ..." "OWNER.o ..."
set -eu
readers=$1 owners=$2
defined=$(for o in $owners; do nm --defined-only -g "$o" | awk '{ print $3 }'; done | sort -u)
bad=0
for o in $readers; do
  for s in $(nm --undefined-only -g "$o" | awk '{ print $2 }'); do
    if printf '%s\n' "$defined" | grep -qx "$s"; then
      echo "apart: $(basename "$o" .o) uses $s, of the files it must not call" >&2
      bad=1
    fi
  done
done
[ "$bad" = 0 ] && echo "apart: $(echo $readers | wc -w) objects use nothing of $(echo $owners | wc -w) others"
exit $bad
