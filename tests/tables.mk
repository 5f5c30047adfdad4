# tables.mk: the tables the tests make (tests/tables.txt, by tests/matrix.sh), the golden ones,
# every target's files, and every table built by each compiler; included by the Makefile (make
# help lists the targets).

.PHONY: check-tables check-default check-tables-rest $(GEN_TARGETS:%=check-%) check-golden golden check-cc \
        check-cxx check-hpp check-partial check-format-tables

# The tables the tests make, declared once in tests/tables.txt, made and tested by
# tests/matrix.sh; the big lists are made by tests/random/mklist.c.
TABLES      := $(shell sh tests/matrix.sh names)
TABLE_LISTS := $(wildcard data/*.in tests/data/ids/*.in) $(B)/lists/big500.in $(B)/lists/big1000.in \
  $(B)/lists/big5000.in
$(B)/tables/%/.made: $(B)/hhn-gen tests/tables.txt tests/matrix.sh $(TABLE_LISTS) | need-gperf
	sh tests/matrix.sh gen $(B) $* && touch $@
$(B)/mklist $(B)/randlist: $(B)/%: tests/random/%.c
	@mkdir -p $(@D)
	$(CC) $(STD) $(CFLAGS) $< -o $@
$(B)/lists/big%.in: $(B)/mklist
	@mkdir -p $(@D)
	$(B)/mklist $* $(if $(findstring 1000,$*),1,2) --short > $@.tmp && mv $@.tmp $@
check-tables: $(TABLES:%=$(B)/tables/%/.made) $(STREAMS) | need-check ## every table's tests in every build that tests/tables.txt gives it
	$(TEST_ENV) HHN_TRAFFIC=$(B)/traffic sh tests/matrix.sh run $(B)
# (and its files of each target that its tests/targets/NAME.mk puts in DEFAULT_TARGETS: Rust's and
# Go's where RUSTC and GO are installed)
DEFAULT_VARIANTS = avx512 avx2 portable lists $(DEFAULT_TARGETS)
check-default: $(B)/tables/default/.made $(STREAMS) | need-check ## the default table's own test with each lookup, its lists, and its Rust module's and Go package's tests where rustc and go are
	$(TEST_ENV) $(foreach t,$(GEN_TARGETS),$($(t)_ENV)) HHN_TRAFFIC=$(B)/traffic MATRIX_VARIANTS="$(DEFAULT_VARIANTS)" sh tests/matrix.sh run $(B) default
# Each target's files (hhn-gen --NAME) of every table that tests/tables.txt gives the variant
# NAME, tested by tests/targets/NAME.sh; then the target's checks of its own (NAME_OWN_CHECKS:
# the checked-in and golden files alone, say). Its toolchain, NAME_TOOLS (each tool with its
# Debian package), NAME_SAYS (its version) and NAME_ENV, and its line of make help
# are in tests/targets/NAME.mk.
$(GEN_TARGETS:%=check-%): check-%: $(B)/hhn-gen $(B)/lists/big500.in $(B)/lists/big1000.in \
  $(B)/lists/big5000.in $(STREAMS) | need-gperf
	@sh tools/need.sh $@ $($*_TOOLS)
	@echo "$@: $($*_SAYS)"
	$(TEST_ENV) $($*_ENV) MATRIX_VARIANTS=$* MATRIX_SKIP="$(if $(filter $*,$(DEFAULT_VARIANTS)),default:$*)" \
	  sh tests/matrix.sh run $(B)
	$($*_OWN_CHECKS)

# check-tables less what check-default runs, for check-all and check-rest, which run both.
check-tables-rest: $(TABLES:%=$(B)/tables/%/.made) $(STREAMS) | need-check
	$(TEST_ENV) HHN_TRAFFIC=$(B)/traffic MATRIX_SKIP="$(DEFAULT_VARIANTS:%=default:%)" sh tests/matrix.sh run $(B)

# The golden tables: hhn-gen's output for every variant, committed (tests/checks/golden.sh).
check-golden: $(B)/hhn-gen | need-gperf ## fail if hhn-gen's output of a golden list differs from tests/golden
	sh tests/checks/golden.sh check $(B)
golden: $(B)/hhn-gen | need-gperf ## rewrite tests/golden from hhn-gen's output (after a change on purpose)
	sh tests/checks/golden.sh update $(B)

# A table of the longest prefix hhn-gen takes, whose lines are the longest; it and every golden
# table are clang-format clean (check-format-tables, in check-all: clang-format takes a minute
# over them, two files at a time on two cores).
LONG_PREFIX := prefix_of_the_longest_length_32_
$(B)/tables/long/$(LONG_PREFIX).c: $(LIST) $(B)/hhn-gen | need-gperf
	@mkdir -p $(@D)
	GPERF=$(GPERF) $(B)/hhn-gen --quiet --prefix $(LONG_PREFIX) --output-dir $(@D) $(LIST)
FORMAT_TABLES = $(B)/tables/long/$(LONG_PREFIX).c $(B)/tables/long/$(LONG_PREFIX).h \
                $(shell grep -l '^/\* DO NOT EDIT' tests/golden/*/t.[ch])

# Every table the tests make, and every golden one, compiles without a warning as strict C99
# under $(CC) and clang, and as C++ under $(CXX) and clang++, both ways: users build the tables
# with their own flags and compilers.
CC_TABLES = lib/hhn.c $(filter-out $(B)/tables/one/%,$(wildcard $(B)/tables/*/*.c)) \
            $(wildcard tests/golden/*/t.c)
# (the tables of tests/tables.txt by clang alone: the matrix builds each with $(CC) and the
# same warnings)
check-cc: $(TABLES:%=$(B)/tables/%/.made) $(B)/tables/long/$(LONG_PREFIX).c ## every table compiles as strict C99 with cc and clang, -Werror
	sh tests/checks/strict.sh clang $(filter-out %_test.c,$(CC_TABLES))
	sh tests/checks/strict.sh "$(filter-out clang,$(CC))" $(filter-out $(B)/%,$(CC_TABLES)) $(B)/tables/long/$(LONG_PREFIX).c
# No table's lookups load a byte into part of a register, by $(CC) or clang (x86-64).
check-partial: ## no golden table's common path loads a byte or word into part of a register (cc and clang, x86-64)
	sh tests/checks/partial.sh "$(sort $(CC) clang)" lib/hhn.c $(wildcard tests/golden/*/t.c)
# (the tables of tests/tables.txt by clang++ alone: the matrix's cxx variant builds ten of them
# with $(CXX), as C++17 with their tests)
check-cxx: $(TABLES:%=$(B)/tables/%/.made) ## every table compiles as C++ with g++ and clang++, -Werror
	sh tests/checks/cxx.sh clang++ $(filter-out %_test.c,$(CC_TABLES))
	sh tests/checks/cxx.sh "$(filter-out clang++,$(CXX))" $(filter-out $(B)/%,$(CC_TABLES))

# The C++ layer that hhn-gen --cxx writes (P.hpp): the C table's answers through it, and no
# cost over the C call (tests/cxx/hpp.sh).
HPP_TABLES := default/hhn hpack/hpack qpack/qpack iana/iana nghttp2/nghttp2 nghttp3/nghttp3 from2/from2 \
              h2fields/h2f
check-hpp: $(TABLES:%=$(B)/tables/%/.made) ## the C++ layer P.hpp (--cxx) answers as the C table, and costs a jump
	CC="$(CC)" sh tests/cxx/hpp.sh "$(sort $(CXX) clang++)" $(HPP_TABLES:%=$(B)/tables/%)
