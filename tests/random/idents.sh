#!/bin/sh
# idents.sh: the randomized check of the identifiers hhn-gen's output defines. For each seed it
# draws a prefix and a few names from the classes that once broke the output (C and C++
# keywords, the C and C++ libraries' names and macros, the compilers' predefined macros, the
# headers' names, the names the emitted test and the one-file table use for themselves, names C++
# keeps), and options among --cxx, --test and --static; then either hhn-gen refuses them, each
# line of its stderr an error that says why, or every file it wrote compiles warning-free where
# its users build it: the table as strict C99 (gcc and clang), as C++ (g++ in its default
# gnu++17, clang++ -std=c++17), P.hpp, the test as C and as C++ (and it passes), and the one
# file included after a user's macros of the attribute words and globals that its parameters
# share a name with (-Wshadow). Run by make check-idents from the repository:
#   idents.sh BUILD_DIR SEED...
# A failure keeps its folder, BUILD_DIR/idents/SEED, and says how to replay it.
set -eu
build=$1
shift
out=$build/idents
root=$(pwd)
mkdir -p "$out"
: "${CC:=cc}"

# The classes, as words separated by blanks.
prefixes="hhn myhdr x h2 namespace class int and not xor std size_t uint16_t memcpy linux unix
  i386 stdint stddef limits string stdio errno assert ref check input full test map prot seek
  stdin table hash slot names portable lookup id count lower name INT SIZE UINT8 P_x"
names="Accept linux unix i386 __cplusplus __linux__ __null __int128 __func__ __attribute__ Max
  Bytes Guarded Anon Read Set Fileno Count Min_Length Unknown errno assert and class private
  Table Names Slot Empty Inline Unused Cold Aligned PICK_IFUNC Narrow_SSE2 Check Ref_Count
  Input_Max 1xx _x x__y std size_t Lookup Lower Id_Limit Attr_Count H Pseudo_Path :path"

# The random sequence of one seed (an LCG); next N: sets r to a number in [0, N).
next() {
  state=$(((state * 1103515245 + 12345) % 2147483648))
  r=$(((state / 65536) % $1))
}
# pick WORDS...: sets w to one of the words.
pick() {
  next $#
  shift $r
  w=$1
}

# one SEED: checks one draw; prints one line, and returns 1 if it failed.
one() {
  seed=$1 dir=$out/$1 state=$(($1 * 2654435761 % 2147483648))
  next 2 && next 2
  rm -rf "$dir" && mkdir -p "$dir"
  # shellcheck disable=SC2086
  pick $prefixes
  prefix=$w
  : > "$dir/list.in"
  next 4
  for _ in $(seq 0 $r); do
    # shellcheck disable=SC2086
    pick $names
    grep -qix -- "$w" "$dir/list.in" || echo "$w" >> "$dir/list.in"
  done
  grep -qix Accept "$dir/list.in" || echo Accept >> "$dir/list.in"
  next 6
  case $r in
  0) opts="--cxx" ;; 1) opts="--test" ;; 2) opts="--static" ;; 3) opts="--cxx --test" ;;
  4) opts="--static --test" ;; *) opts="" ;;
  esac
  what="prefix $prefix, $(tr '\n' ' ' < "$dir/list.in")${opts:+, $opts}"
  fail() {
    echo "idents: seed $seed ($what): FAILED: $1 (replay: make check-idents IDENTS_SEEDS=$seed;" \
      "files in $dir)"
    return 1
  }
  # shellcheck disable=SC2086
  if ! GPERF=${GPERF:-gperf} "$build/hhn-gen" --quiet $opts --prefix "$prefix" --output-dir "$dir" \
    "$dir/list.in" > "$dir/gen.log" 2>&1; then
    if ! [ -s "$dir/gen.log" ] || grep -qv ': error: ' "$dir/gen.log"; then
      fail "refused, but not each line an error: $(head -n 3 "$dir/gen.log")"
      return 1
    fi
    echo "idents: seed $seed ($what): refused: $(head -n 1 "$dir/gen.log" | cut -c1-160)"
    rm -rf "$dir"
    return 0
  fi
  # compile WHAT COMMAND...: runs the command in $dir, failing the seed if it fails.
  compile() {
    what1=$1
    shift
    if ! (cd "$dir" && "$@") > "$dir/cc.log" 2>&1; then
      fail "$what1: $(grep -m 3 -E 'error|warning' "$dir/cc.log" | cut -c1-300)"
      return 1
    fi
  }
  strict=$(sh "$root/tests/checks/strict.sh" --flags)
  case " $opts " in
  *" --static "*)
    { printf 'int len, t, s, h, i;\nconst char *name;\n'
      for m in noinline cold unused aligned always_inline target used nothrow ifunc; do
        printf '#define %s BROKEN\n' $m
      done
      printf '#include "%s.c"\nint main(void) { return %s_lookup("Accept", 6) < 0; }\n' \
        "$prefix" "$prefix"
    } > "$dir/user.c"
    compile "the one file, after a user's macros and globals" $CC -std=c99 $strict -I. user.c -o u
    compile "the one file, by clang" clang -std=c99 $strict -I. user.c -o u
    compile "the one file's lookup" ./u
    ;;
  *)
    compile "the table as strict C" sh "$root/tests/checks/strict.sh" "$CC clang" "$prefix.c"
    compile "the table as C++ (g++)" g++ -x c++ -Wall -Wextra -Werror -c "$prefix.c" -o t.o
    compile "the table as C++ (clang++)" clang++ -x c++ -std=c++17 -Wall -Wextra -Werror -c \
      "$prefix.c" -o t.o
    ;;
  esac
  if [ -f "$dir/$prefix.hpp" ]; then
    printf '#include "%s.hpp"\n' "$prefix" > "$dir/u.cpp"
    compile "P.hpp (g++)" g++ -Wall -Wextra -Werror -I. -c u.cpp -o u.o
    compile "P.hpp (clang++)" clang++ -std=c++17 -Wall -Wextra -Werror -I. -c u.cpp -o u.o
  fi
  if [ -f "$dir/${prefix}_test.c" ]; then
    table=$prefix.c
    [ -f "$dir/$prefix.h" ] || table=
    compile "the test as C" $CC -std=c99 -O1 -Wall -Wextra -Werror -I. "${prefix}_test.c" $table \
      -o test
    compile "the test as C++" g++ -x c++ -Wall -Wextra -Werror -I. -c "${prefix}_test.c" -o u.o
    compile "the test" ./test
  fi
  echo "idents: seed $seed ($what): compiles"
  rm -rf "$dir"
}

failed=0 refused=0 compiled=0
for spec; do
  case $spec in
  *-*) seeds=$(seq "${spec%-*}" "${spec#*-}") ;;
  *) seeds=$spec ;;
  esac
  for seed in $seeds; do
    if line=$(one "$seed"); then
      case $line in *": refused: "*) refused=$((refused + 1)) ;; *) compiled=$((compiled + 1)) ;; esac
    else
      failed=$((failed + 1))
    fi
    echo "$line"
  done
done
echo "idents: $compiled outputs compile and pass, $refused refused with a reason, $failed failed"
[ "$failed" -eq 0 ]
