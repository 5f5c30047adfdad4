#!/bin/sh
# rust.sh DIR FILE...: each Rust module FILE (hhn-gen --rust) alone in a #![no_std] crate of
# edition 2018, built in DIR with -D warnings and its items' allowance of dead code taken out
# (so that an item that nothing of the module uses fails), by $RUSTC and by $CLIPPY (a
# clippy-driver, with its pedantic lints too) where it is set; and, where $RUSTFMT is set, left
# as it is by rustfmt. A module whose docs name its path (hhn-gen --rust-path CRATE::MOD): its
# example run by the rustdoc beside $RUSTC as in a user's crate CRATE of `pub mod MOD;`, which
# must pass, and fail with lookup's case folding taken out. Prints one line a failure, and exits
# 1 after any.
set -u
: "${RUSTC:=rustc}" "${CLIPPY:=}" "${RUSTFMT:=}"
dir=$1
shift
mkdir -p "$dir"
status=0

# doctest FILE: runs FILE's example where its docs name a path; fails (status 1) if it does not
# pass, or passes with lookup(name) made lookup_lower's rule.
doctest() {
  path=$(sed -n 's/^\/\/\/ use \([A-Za-z0-9_]*::[A-Za-z0-9_]*\)::{lookup.*/\1/p' "$1" | head -n 1)
  [ -n "$path" ] || return 0
  crate=${path%%::*} mod=${path#*::} doc=$dir/doc
  rustdoc=$(dirname "$(command -v "$RUSTC")")/rustdoc
  mkdir -p "$doc" && printf 'pub mod %s;\n' "$mod" > "$doc/lib.rs"
  for v in ok broken; do
    sed "$([ $v = ok ] || echo 's/^    find(name, true)$/    find(name, false)/')" "$1" > "$doc/$mod.rs"
    rc=0
    $RUSTC --edition 2018 --crate-type lib --crate-name "$crate" "$doc/lib.rs" \
      -o "$doc/lib$crate.rlib" > "$doc/log" 2>&1 &&
      "$rustdoc" --edition 2018 --test "$doc/lib.rs" --crate-name "$crate" -L "$doc" \
        --extern "$crate=$doc/lib$crate.rlib" >> "$doc/log" 2>&1 || rc=$?
    if [ $v = ok ] && [ $rc != 0 ]; then
      echo "rust.sh: $1: its example fails under $rustdoc: $(grep -m 2 -E 'panicked|error' "$doc/log")"
      status=1
    elif [ $v = broken ] && { [ $rc = 0 ] || cmp -s "$1" "$doc/$mod.rs"; }; then
      echo "rust.sh: $1: its example passes with lookup's folding taken out"
      status=1
    fi
  done
}

for f; do
  doctest "$f"
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
