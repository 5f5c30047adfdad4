#!/bin/sh
# go.sh DIR FILE...: each Go package FILE (hhn-gen --go) alone in a module of its own in DIR,
# left as it is by $GOFMT, built and clean by $GO vet and, where $STATICCHECK names one, by
# staticcheck with every check and the file's "Code generated" line taken out. Prints one line
# a failure, and exits 1 after any.
set -u
: "${GO:=go}" "${GOFMT:=gofmt}" "${STATICCHECK:=}"
dir=$1
shift
status=0
for f; do
  name=$(sed -n 's/^package //p' "$f")
  rm -rf "$dir/$name" && mkdir -p "$dir/$name"
  sed 1d "$f" > "$dir/$name/${f##*/}"
  printf 'module %s\n\ngo 1.18\n' "$name" > "$dir/$name/go.mod"
  if [ -n "$($GOFMT -l "$f")" ]; then
    echo "go.sh: $f: $GOFMT would change it: $($GOFMT -d "$f" | sed -n 3,6p | tr '\n' ' ')"
    status=1
  fi
  if ! (cd "$dir/$name" && $GO vet .) > "$dir/log" 2>&1; then
    echo "go.sh: $f: $GO vet: $(head -n 3 "$dir/log" | tr '\n' ' ' | cut -c1-300)"
    status=1
  fi
  if [ -n "$STATICCHECK" ] && ! (cd "$dir/$name" && $STATICCHECK -checks all .) > "$dir/log" 2>&1; then
    echo "go.sh: $f: staticcheck: $(head -n 3 "$dir/log" | tr '\n' ' ' | cut -c1-300)"
    status=1
  fi
done
exit $status
