#!/bin/sh
# matrix.sh: the tables the tests make, and their tests in each build, as tests/tables.txt
# declares them (the one place that does). Run from the repository, by make:
#   matrix.sh names                   the names of the tables it makes (a variant besides golden)
#   matrix.sh golden                  the names of the golden tables
#   matrix.sh options NAME            NAME's prefix, list and options, on one line
#   matrix.sh gen BUILD NAME          makes table NAME in BUILD/tables/NAME (hhn-gen --test)
#   matrix.sh run BUILD [NAME...]     runs each variant of each table (every table if none;
#                                     with MATRIX_VARIANTS, those of them alone; with
#                                     MATRIX_SKIP, not the NAME:VARIANT pairs it lists), two
#                                     at a time; one line each, and exit 1 if one failed
# CC, CXX, GPERF, CHECK_CFLAGS and CHECK_LIBS as make has them. A variant named as a target of
# hhn-gen --targets (rust, go, webkit) writes the table's files of that target, tested by
# tests/targets/NAME.sh (with RUSTC, GO, ... as make has them), and runs only when
# MATRIX_VARIANTS names it.
set -eu
: "${CC:=cc}" "${CXX:=c++}" "${CHECK_LIBS:=-lcheck}" "${CHECK_CFLAGS:=}"
mode=$1
shift
# rows: tables.txt's lines, less comments; each name once, or it fails.
rows() {
  sed 's/#.*//' tests/tables.txt | awk 'NF' |
    awk '{ if (seen[$1]++) { print "matrix.sh: table " $1 " twice in tests/tables.txt" > "/dev/stderr"; exit 2 } print }'
}

# named VARIANT: the tables that have VARIANT; with "-", those with a variant besides golden
# (the ones that the matrix makes, with --test).
named() {
  rows | awk -F'|' -v v="$1" '{ split($1, f, " "); n = split($2, w, " ")
    for (i = 1; i <= n; i++) if (w[i] == v || (v == "-" && w[i] != "golden")) { print f[1]; next } }'
}

# row NAME: sets prefix, list, options and variants from NAME's line.
row() {
  line=$(rows | awk -v n="$1" '$1 == n')
  [ -n "$line" ] || { echo "matrix.sh: no table $1 in tests/tables.txt" >&2; exit 2; }
  variants=${line#*|}
  set -f
  # shellcheck disable=SC2086
  set -- ${line%%|*}
  set +f
  prefix=$2 list=$3
  shift 3
  options=$*
  return 0
}

# targets BUILD: the target languages other than C (hhn-gen --targets), each a variant of its
# name.
targets() { "$1/hhn-gen" --targets | awk '$1 != "c" { printf "%s ", $1 }'; }

# target_variant BUILD NAME TARGET: the table's files of TARGET (hhn-gen --TARGET, with --test
# if it writes one, less the options of C's files that it does not take), tested by
# tests/targets/TARGET.sh DIR PREFIX NAME LIST.
target_variant() {
  # shellcheck disable=SC2046
  set -- "$@" $("$1/hhn-gen" --targets | awk -v t="$3" '$1 == "c" { print $4 } $1 == t { print $2, $4, $3 }')
  opts= # $4: the options of C's files; $5: TARGET's option, $6: those of $4 it takes; $7 its files
  case ",$7," in *,_test.* | *,.test.*) opts=--test ;; esac # a target that writes a test
  for o in $options; do
    case ",$4,$6," in
    *",${o%%=*},"*",${o%%=*},"*) opts="$opts $o" ;; # one it takes
    *",${o%%=*},"*) ;;                               # one it does not
    *) opts="$opts $o" ;;
    esac
  done
  out=$1/tables/$2/$3 start=$(date +%s)
  mkdir -p "$out/$prefix"
  # shellcheck disable=SC2086
  if ! GPERF=${GPERF:-gperf} "$1/hhn-gen" --quiet "$5" $opts --prefix "$prefix" \
    --output-dir "$out/$prefix" "$list" > "$out/log" 2>&1; then
    echo "matrix: $2 $3: FAILED: hhn-gen: $(head -n 3 "$out/log" | cut -c1-300)"
    return 1
  fi
  # (HHN_GEN_AGAIN: the command, for a target's script that makes the files again with an
  # option of its own)
  if ! said=$(HHN_GEN_AGAIN="$1/hhn-gen --quiet $5 $opts --prefix $prefix" \
    sh "tests/targets/$3.sh" "$out/$prefix" "$prefix" "$2" "$list"); then
    echo "matrix: $2 $3: $said"
    return 1
  fi
  echo "matrix: $2 $3: $said ($(($(date +%s) - start)) s)"
}

# variant BUILD NAME VARIANT: builds and runs one variant of one table; prints one line.
variant() {
  dir=$1/tables/$2 v=$3
  row "$2"
  src="$dir/$prefix.c"
  [ -f "$dir/$prefix.h" ] || src= # one file: the test includes it
  strict=$(sh tests/checks/strict.sh --flags)
  out=$dir/$v start=$(date +%s)
  mkdir -p "$out"
  case $v in
  avx512) build="$CC $strict -O2" ;;
  avx512q) build="$CC $strict -O2 -DHHN_TEST_QUICK" ;;
  avx2) build="$CC $strict -O2 -DHHN_NO_AVX512 -DHHN_AVX2" ;;
  avx2q) build="$CC $strict -O2 -DHHN_NO_AVX512 -DHHN_AVX2 -DHHN_TEST_QUICK" ;;
  portable) build="$CC $strict -O2 -DHHN_NO_AVX512" ;;
  portableq) build="$CC $strict -O2 -DHHN_NO_AVX512 -DHHN_TEST_QUICK" ;;
  clang) build="clang $strict -O2 -DHHN_TEST_QUICK" ;;
  cxx) build="$CXX -x c++ -std=c++17 -Wall -Wextra -Werror -O2 -DHHN_TEST_QUICK" ;;
  asan)
    build="$CC -std=c99 -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all"
    build="$build -DHHN_TEST_QUICK"
    ;;
  lists)
    lists="$(ls data/*.in tests/data/lists/*)"
    case $list in build/*) lists= ;; esac # a big list: its own names alone
    extra=
    [ "$2" = default ] && extra="-DT_DEFAULT tests/table/check_default.c tests/table/static_tables.c"
    [ -n "$src" ] || extra="$extra -DT_ONE_FILE"
    for p in "" -DHHN_NO_AVX512; do
      # shellcheck disable=SC2086
      if ! $CC -std=c99 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -O2 -Wall -Wextra -Werror $p \
        -DT="$prefix" -DTU="$(echo "$prefix" | tr a-z A-Z)" -Iinclude -Itests/table -I"$dir" \
        $CHECK_CFLAGS tests/table/check_table.c tests/table/lists.c $extra $src $CHECK_LIBS \
        -o "$out/check" > "$out/log" 2>&1 || ! "$out/check" "$list" $lists > "$out/log" 2>&1; then
        echo "matrix: $2 lists $p: FAILED: $(grep -m 3 -E 'error|:[FE]:' "$out/log" | cut -c1-300)"
        return 1
      fi
    done
    echo "matrix: $2 lists: $(tail -n 1 "$out/log") ($(($(date +%s) - start)) s)"
    return 0
    ;;
  *)
    case " $(targets "$1") " in
    *" $v "*) target_variant "$@" && return 0 || return 1 ;;
    esac
    echo "matrix: $2: no variant $v" && return 1
    ;;
  esac
  # shellcheck disable=SC2086
  if ! $build -I"$dir" "$dir/${prefix}_test.c" $src -o "$out/test" > "$out/log" 2>&1; then
    echo "matrix: $2 $v: FAILED: does not build: $(head -n 3 "$out/log" | cut -c1-300)"
    return 1
  fi
  if ! "$out/test" > "$out/log" 2>&1; then
    echo "matrix: $2 $v: FAILED: $(grep -m 1 -E 'FAIL|ERROR|runtime error' "$out/log" | cut -c1-300)"
    return 1
  fi
  echo "matrix: $2 $v: $(tail -n 1 "$out/log") ($(($(date +%s) - start)) s)"
}

case $mode in
names) named - ;;
golden) named golden ;;
options)
  row "$1"
  echo "$prefix $list $options"
  ;;
gen)
  build=$1 name=$2
  row "$name"
  mkdir -p "$build/tables/$name"
  # shellcheck disable=SC2086
  GPERF=${GPERF:-gperf} "$build/hhn-gen" --quiet --test $options --prefix "$prefix" \
    --output-dir "$build/tables/$name" "$list"
  ;;
run)
  build=$1
  shift
  names=${*:-$(named -)}
  log=$build/tables/matrix.log
  : > "$log"
  started=$(date +%s) running=0
  others=$(for t in $(targets "$build"); do printf 's/ %s / /;' "$t"; done)
  for name in $names; do
    row "$name"
    for v in $variants; do
      # the other targets run only when asked for (make check-rust, check-go): they need rustc, go
      case " ${MATRIX_VARIANTS:-$(echo " $variants " | sed "$others")} " in
      *" $v "*) ;;
      *) continue ;;
      esac
      case " ${MATRIX_SKIP:-} " in *" $name:$v "*) continue ;; esac
      (variant "$build" "$name" "$v" 2>&1 | tee -a "$log") &
      running=$((running + 1))
      [ $running -lt 2 ] || { wait; running=0; }
    done
  done
  wait
  runs=$(grep -c '^matrix: ' "$log" || true)
  failed=$(grep -c 'FAILED' "$log" || true)
  grep FAILED "$log" || true
  echo "matrix: $runs runs of $(echo "$names" | wc -w) tables, $failed failed ($(($(date +%s) - started)) s)"
  [ "$failed" -eq 0 ]
  ;;
*) echo "matrix.sh: no mode $mode" >&2; exit 2 ;;
esac
