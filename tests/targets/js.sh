#!/bin/sh
# js.sh: the tests of a table's JavaScript files, for tests/matrix.sh's variant "js" (see
# rust.sh):
#   js.sh DIR PREFIX TABLE   DIR holds PREFIX.js, PREFIX.mjs, PREFIX.d.ts and PREFIX.test.js
#                            (hhn-gen --js --test)
# Each file by node --check (the ES module as one), the ES module's exports against the
# CommonJS module's, and the test by node --test (HHN_TEST_QUICK: its mutations sampled, as
# P_test.c's -DHHN_TEST_QUICK; the full run takes 50 s of the default table's). Prints "N tests
# passed, M ms", or why it failed (exit 1). NODE as make has it.
set -eu
: "${NODE:=node}"
dir=$1 prefix=$2
log=$dir/log
for f in "$prefix.js" "$prefix.mjs" "$prefix.test.js"; do
  if ! (cd "$dir" && $NODE --check "$f") > "$log" 2>&1; then
    echo "FAILED: node --check $f: $(head -n 3 "$log" | tr '\n' ' ' | cut -c1-300)" && exit 1
  fi
done
if ! (cd "$dir" && $NODE --input-type=module -e "
import * as esm from './$prefix.mjs';
import { createRequire } from 'node:module';
const cjs = createRequire(import.meta.url)('./$prefix.js');
const a = Object.keys(esm).filter((k) => k !== 'default').sort(), b = Object.keys(cjs).sort();
if (a.join() !== b.join() || a.some((k) => esm[k] !== cjs[k]) || esm.default !== cjs) {
  throw new Error('the ES module exports ' + a + '; the CommonJS one ' + b);
}") > "$log" 2>&1; then
  echo "FAILED: $prefix.mjs: $(grep -m 1 -E 'Error' "$log" | cut -c1-300)" && exit 1
fi
if ! (cd "$dir" && HHN_TEST_QUICK=1 $NODE --test "$prefix.test.js") > "$log" 2>&1; then
  echo "FAILED: $(grep -m 1 -E '^not ok|Error' "$log" | cut -c1-300)" && exit 1
fi
echo "$(grep -c '^ok ' "$log") tests passed, $(awk '/^# duration_ms/ { print int($3) }' "$log") ms"
