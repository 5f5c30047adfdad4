#!/bin/sh
# rust.sh DIR FILE...: each Rust module FILE (hhn-gen --rust) alone in a #![no_std] crate of
# edition 2018, built in DIR with -D warnings and its items' allowance of dead code taken out
# (so that an item that nothing of the module uses fails), by $RUSTC and by $CLIPPY (a
# clippy-driver, with its pedantic lints too) where it is set; and, where $RUSTFMT is set, left
# as it is by rustfmt. Prints one line a failure, and exits 1 after any.
set -u
: "${RUSTC:=rustc}" "${CLIPPY:=}" "${RUSTFMT:=}"
dir=$1
shift
mkdir -p "$dir"
status=0
for f; do
  name=$(basename "$f" .rs)
  sed -e '/^#\[allow(dead_code)\]$/d' -e 's/^#\[allow(dead_code, /#[allow(/' "$f" > "$dir/used.rs"
  printf '#![no_std]\n#![deny(warnings)]\n#[path = "used.rs"]\npub mod %s;\n' "$name" > "$dir/lib.rs"
  for rc in "$RUSTC" $CLIPPY; do
    lints=
    [ "$rc" = "$RUSTC" ] || lints="-W clippy::pedantic"
    if ! $rc --edition 2018 --crate-type lib -D warnings $lints "$dir/lib.rs" -o "$dir/lib.rlib" \
      > "$dir/log" 2>&1; then
      echo "rust.sh: $f: $rc: $(grep -m 3 -E 'error|warning' "$dir/log" | tr '\n' ' ' | cut -c1-300)"
      status=1
    fi
  done
  if [ -n "$RUSTFMT" ] && ! $RUSTFMT --edition 2018 --check "$f" > "$dir/log" 2>&1; then
    echo "rust.sh: $f: $RUSTFMT --check would change it: $(head -n 3 "$dir/log" | tr '\n' ' ')"
    status=1
  fi
done
exit $status
