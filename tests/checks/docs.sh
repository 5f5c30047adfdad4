#!/bin/sh
# docs.sh: the docs' figures that a script can read against what they describe: README.md is
# a user's page of at most 300 lines; each `make TARGET` the docs name is a target of the
# Makefiles; the count of random lists and the seconds of each fuzzer that DEVELOPERS.md,
# docs/design.md and .ci/run's comments give are .ci/run's own; the time of make check is the
# same in the three places that give it; docs/benchmarks.md is within its size; make help is at
# most 100 columns wide, a user's targets first. Prints one line, or each
# difference, and exits 1 after any. Run from the repository (make check-docs).
set -eu
bad=0
fail() {
  echo "docs.sh: $*" >&2
  bad=1
}
docs="README.md DEVELOPERS.md docs/generator.md docs/design.md docs/benchmarks.md"

lines=$(wc -l < README.md)
[ "$lines" -le 300 ] || fail "README.md has $lines lines; a user's page holds at most 300"

# every `make TARGET` of the docs (in code spans) is a rule of the Makefiles
targets=$(sed -n 's/^\([a-z][a-z0-9-]*\):.*/\1/p' Makefile $(find tests fuzz -name '*.mk' | sort) | sort -u)
# (a file the rules make, `make build/...`, aside)
for t in $(cat $docs | grep -o '`make [a-z][a-z0-9/.-]*' | sed 's/`make //' | grep -v / | sort -u); do
  echo "$targets" | grep -qx "$t" || fail "the docs name \`make $t\`, which no Makefile has"
done

# make help in lines of at most 100 columns, the users' targets first
wide=$(${MAKE:-make} -s --no-print-directory help | awk 'length > 100' | wc -l)
[ "$wide" -eq 0 ] || fail "make help has $wide lines over 100 columns"
${MAKE:-make} -s --no-print-directory help | sed -n 3p | grep -q '^To build' ||
  fail "make help does not begin with a user's targets"

# CI's random lists and fuzz seconds, as .ci/run runs them and as the docs say
seeds=$(sed -n 's/.*RANDOM_SEEDS="\([^"]*\)".*/\1/p' .ci/run | head -n 1)
n=$(echo "$seeds" | wc -w)
seconds=$(sed -n 's/.*fuzz-run FUZZ_SECONDS=\([0-9]*\).*/\1/p' .ci/run | head -n 1)
[ "$n" -gt 0 ] && [ -n "$seconds" ] || fail ".ci/run: no RANDOM_SEEDS or FUZZ_SECONDS found"
for f in .ci/run DEVELOPERS.md; do
  said=$(tr '\n#' '  ' < "$f" | tr -s ' ' | grep -o 'with [0-9]* lists of the randomized' | head -n 1 |
    grep -o '[0-9][0-9]*' || true)
  [ "$said" = "$n" ] || fail "$f says CI draws ${said:-no number of} random lists; .ci/run draws $n"
done
said=$(tr '\n' ' ' < DEVELOPERS.md | tr -s ' ' | grep -o 'CI ([0-9]*)' | grep -o '[0-9][0-9]*' || true)
[ "$said" = "$n" ] || fail "DEVELOPERS.md's table says CI (${said:-?}) random lists; .ci/run draws $n"
said=$(tr '\n' ' ' < DEVELOPERS.md | tr -s ' ' | grep -o 'bounded fuzz run ([0-9]* s a' | grep -o '[0-9][0-9]*' || true)
[ "$said" = "$seconds" ] || fail "DEVELOPERS.md says ${said:-?} s a fuzzer; .ci/run gives $seconds"
said=$(tr '\n' ' ' < docs/design.md | tr -s ' ' | grep -o 'then each fuzzer for [0-9]* seconds' | grep -o '[0-9][0-9]*' || true)
[ "$said" = "$seconds" ] || fail "docs/design.md says ${said:-?} s a fuzzer; .ci/run gives $seconds"

# what make check takes, as README.md, DEVELOPERS.md and make help (tests/tests.mk) say it, alike
readme=$(tr '\n' ' ' < README.md | tr -s ' ' | grep -o 'after each edit, in about [0-9]* s' | grep -o '[0-9][0-9]*' || true)
devs=$(grep -o 'make -j2 check` (about [0-9]* s)' DEVELOPERS.md | grep -o '[0-9][0-9]*' | tail -n 1 || true)
help=$(grep -o '^check: .*after each edit (about [0-9]* s' tests/tests.mk | grep -o '[0-9][0-9]*' || true)
design=$(tr '\n' ' ' < docs/design.md | tr -s ' ' | grep -o '`make check`, after each edit, in about [0-9]* s' | grep -o '[0-9][0-9]*' || true)
[ -n "$readme" ] && [ "$readme" = "$devs" ] && [ "$devs" = "$help" ] && [ "$help" = "$design" ] ||
  fail "make check takes about ${readme:-?} s (README.md), ${devs:-?} s (DEVELOPERS.md), ${help:-?} s (tests/tests.mk), ${design:-?} s (docs/design.md)"

# docs/benchmarks.md within the lines DEVELOPERS.md gives it
most=$(tr '\n' ' ' < DEVELOPERS.md | tr -s ' ' | grep -o '`benchmarks.md`, under [0-9]* lines' | grep -o '[0-9][0-9]*' || true)
have=$(wc -l < docs/benchmarks.md)
[ -n "$most" ] && [ "$have" -lt "$most" ] ||
  fail "docs/benchmarks.md has $have lines; DEVELOPERS.md gives it under ${most:-?}"

[ $bad = 0 ] || exit 1
echo "docs.sh: README.md in $lines lines; every \`make\` target the docs name exists; CI's $n random lists and $seconds s a fuzzer as the docs say"
