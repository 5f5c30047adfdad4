#!/bin/sh
# selftest.sh: plants a bug in a copy of each lookup fuzzer's table and shows that the fuzzer
# catches it within SELFTEST_SECONDS (default 60), starting from an empty corpus with only its
# dictionary. The bugs: "fold", a compare whose mask is 0x20 for every byte, so that it folds
# every byte with | 0x20 ('-' matches CR), and "overread", a compare whose last piece ends one
# byte past len. Run by `make fuzz-selftest`, which sets FUZZ_CC, FUZZ_FLAGS, FUZZ_HHN and
# FUZZ_IANA.
set -eu
FB=build/fuzz
ST=$FB/selftest
LIMIT=${SELFTEST_SECONDS:-60}
failed=0

# plant BUG SRC DST: writes SRC with BUG planted to DST; fails if the pattern did not apply.
plant() {
  case $1 in
  fold)
    spaces=$(printf '%256s' '')
    sed "s/\\*m = e->mask;/*m = (const unsigned char *)\"$spaces\";/" "$2" >"$3"
    ;;
  overread) sed 's/load4(s + len - 4)/load4(s + len - 3)/' "$2" >"$3" ;;
  esac
  if cmp -s "$2" "$3"; then
    echo "selftest: the $1 bug no longer applies to $2: update fuzz/selftest.sh" >&2
    exit 1
  fi
}

for target in fuzz_lookup fuzz_generated; do
  for bug in fold overread; do
    dir=$ST/$target-$bug
    rm -rf "$dir" && mkdir -p "$dir/corpus"
    if [ $target = fuzz_lookup ]; then
      src=lib/hhn.c flags=$FUZZ_HHN
    else
      src=build/tables/iana.c flags=$FUZZ_IANA
    fi
    plant $bug $src "$dir/table.c"
    eval "$FUZZ_CC $FUZZ_FLAGS $flags fuzz/fuzz_table.c tests/lists.c $dir/table.c -o $dir/fuzzer" # make's quoting
    start=$(date +%s.%N)
    if "$dir/fuzzer" -max_total_time="$LIMIT" -print_final_stats=1 -dict=$FB/$target.dict \
      -artifact_prefix="$dir/" "$dir/corpus" >"$dir/log" 2>&1; then
      echo "selftest: $target did NOT catch the $bug bug in $LIMIT s (log: $dir/log)"
      failed=1
      continue
    fi
    end=$(date +%s.%N)
    how=$(grep -m1 -oE 'fuzz_table: [^,]*|AddressSanitizer: [a-z-]+' "$dir/log" || echo "a crash")
    printf 'selftest: %-14s caught %-8s in %5.1f s (%s)\n' $target $bug \
      "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" "$how"
  done
done
exit $failed
