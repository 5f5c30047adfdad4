# Makefile: builds hhn-gen and libhhn, tests them, regenerates and installs the table.
# `make help` lists the targets. Everything built goes under build/.

# The version lives in one place, the file VERSION: hhn-gen is built with it and writes it into
# every header, and make regen into the man page. To change it, edit VERSION and run make regen
# (make check-regen fails until then); the soname follows the major version.
VERSION   := $(shell cat VERSION)
SOVERSION := $(firstword $(subst ., ,$(VERSION)))

CFLAGS       ?= -O2 -g
GPERF        ?= gperf
CLANG_FORMAT ?= clang-format
PKG_CONFIG   ?= pkg-config
PREFIX       ?= /usr/local
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
MANDIR       ?= $(PREFIX)/share/man

B        := build
STD      := -std=c99 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror
DEPFLAGS  = -MMD -MP -MF $(@:.o=.d)
SAN      := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# The default list and the command that makes its checked-in table (lib/hhn.c, include/hhn.h).
LIST      := data/HTTPHeaderNames.in
TABLE     := lib/hhn.c include/hhn.h
GEN_ARGS  := --prefix hhn --output-dir lib --header-dir include $(LIST)
# Every list the table tests look names up from: ours, and the public ones in tests/data (see
# tests/data/SOURCES.md), named one by one so that a missing one fails the tests.
PUBLIC_LISTS := $(addprefix tests/data/lists/,webkit-HTTPHeaderNames.in \
                  oven-sh-WebKit-HTTPHeaderNames.in bun-names.txt iana-field-names.csv \
                  hpack-static.txt qpack-static.txt)
TEST_LISTS = $(wildcard data/*.in) $(PUBLIC_LISTS)

GEN_SRCS := gen/main.c gen/names.c gen/diag.c gen/progress.c gen/cleanup.c gen/hashfn.c gen/positions.c gen/reserved.c \
            gen/gperf.c gen/displace.c gen/search.c gen/layout.c gen/emit.c gen/emit_text.c gen/emit_header.c gen/emit_tables.c \
            gen/emit_lookups.c gen/emit_vector.c
GEN_OBJS := $(GEN_SRCS:gen/%.c=$(B)/gen/%.o)
LIB_SO   := libhhn.so.$(VERSION)

.PHONY: check-random soak check-sanitizers check-golden golden
.PHONY: all check need-tools need-cross check-cross check-gen check-table check-asan check-regen check-format check-cc regen format \
        check-symbols check-consumer \
        install uninstall clean help need-gperf need-check

all: $(B)/hhn-gen $(B)/libhhn.a $(B)/libhhn.so $(B)/hhn.pc ## build build/hhn-gen, build/libhhn.a, build/libhhn.so, build/hhn.pc

# Every target with a "## what it does" comment on its rule line, in the order of this file.
help: ## list the targets
	@echo "hhn $(VERSION): perfect-hash tables of HTTP header names"
	@echo ""
	@awk -F ':[^#]*## ' '/^[a-z][a-z-]*:.*## / { printf "  make %-18s %s\n", $$1, $$2 }' \
	  $(firstword $(MAKEFILE_LIST))

# --- the generator and the library -------------------------------------------------------------

$(B)/gen/%.o: gen/%.c
	@mkdir -p $(@D)
	$(CC) $(STD) $(CPPFLAGS) $(CFLAGS) -DHHN_GEN_VERSION='"$(VERSION)"' $(DEPFLAGS) -c $< -o $@

# hhn-gen writes its version into every header, so its objects follow the version.
$(B)/gen/main.o $(B)/gen/emit.o: VERSION

$(B)/hhn-gen: $(GEN_OBJS)
	$(CC) $(CFLAGS) $(LDFLAGS) $(GEN_OBJS) -o $@

$(B)/lib/hhn.o: lib/hhn.c
	@mkdir -p $(@D)
	$(CC) $(STD) -Iinclude $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -c $< -o $@

$(B)/lib/hhn.pic.o: lib/hhn.c
	@mkdir -p $(@D)
	$(CC) $(STD) -Iinclude $(CPPFLAGS) $(CFLAGS) -fPIC $(DEPFLAGS) -c $< -o $@

$(B)/libhhn.a: $(B)/lib/hhn.o
	rm -f $@
	$(AR) rcs $@ $^

$(B)/$(LIB_SO): $(B)/lib/hhn.pic.o
	$(CC) -shared -Wl,-soname,libhhn.so.$(SOVERSION) $(CFLAGS) $(LDFLAGS) $^ -o $@

$(B)/libhhn.so: $(B)/$(LIB_SO)
	ln -sf $(LIB_SO) $(B)/libhhn.so.$(SOVERSION)
	ln -sf $(LIB_SO) $@

# The folders of an install, and the version, as tools/install.sh takes them.
INSTALL_ENV = DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" BINDIR="$(BINDIR)" LIBDIR="$(LIBDIR)" \
              INCLUDEDIR="$(INCLUDEDIR)" PKGCONFIGDIR="$(PKGCONFIGDIR)" MANDIR="$(MANDIR)" \
              CMAKEDIR="$(CMAKEDIR)" VERSION="$(VERSION)"
CMAKEDIR   ?= $(LIBDIR)/cmake/hhn

# hhn.pc for the PREFIX, LIBDIR and INCLUDEDIR in force; install makes it again with its own.
$(B)/hhn.pc: hhn.pc.in tools/install.sh VERSION
	@mkdir -p $(@D)
	$(INSTALL_ENV) sh tools/install.sh pc > $@.tmp && mv $@.tmp $@

# --- regenerating the checked-in table ---------------------------------------------------------

need-gperf:
	@command -v $(GPERF) >/dev/null 2>&1 || { echo "error: this needs GNU gperf ('$(GPERF)'): apt-get install gperf" >&2; exit 1; }

regen: $(B)/hhn-gen | need-gperf ## regenerate lib/hhn.c and include/hhn.h from the default list, and the man page's version (needs gperf)
	GPERF=$(GPERF) $(B)/hhn-gen $(GEN_ARGS)
	sed -i 's|^\.TH HHN-GEN 1 "" "hhn [^"]*"|.TH HHN-GEN 1 "" "hhn $(VERSION)"|' gen/hhn-gen.1

# Regenerates into build/regen with the same relative arguments, so the banners match too.
check-regen: $(B)/hhn-gen | need-gperf ## fail if a fresh regeneration differs from the checked-in table
	rm -rf $(B)/regen && mkdir -p $(B)/regen/data $(B)/regen/lib $(B)/regen/include
	cp $(LIST) $(B)/regen/data/
	cd $(B)/regen && GPERF=$(GPERF) ../hhn-gen $(GEN_ARGS)
	diff -u lib/hhn.c $(B)/regen/lib/hhn.c
	diff -u include/hhn.h $(B)/regen/include/hhn.h
	@grep -q '^\.TH HHN-GEN 1 "" "hhn $(VERSION)"' gen/hhn-gen.1 || \
	  { echo "check-regen: gen/hhn-gen.1 is not of version $(VERSION): make regen" >&2; exit 1; }
	@echo "check-regen: the checked-in table is what $(LIST) makes, and the man page is of $(VERSION)"

# --- tests -------------------------------------------------------------------------------------

need-check:
	@$(PKG_CONFIG) --exists check || { echo "error: the tests need Check: apt-get install check pkg-config" >&2; exit 1; }

CHECK_CFLAGS = $(shell $(PKG_CONFIG) --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell $(PKG_CONFIG) --libs check 2>/dev/null)
TEST_CFLAGS  = $(STD) -D_DEFAULT_SOURCE -Iinclude -Itests $(CHECK_CFLAGS) $(CPPFLAGS) $(CFLAGS)
# The example lists, each generated at test time into a table of its own prefix.
EXAMPLES     := hpack qpack iana
upper         = $(shell echo $(1) | tr a-z A-Z)

$(B)/tables/%.c: data/%-names.in $(B)/hhn-gen | need-gperf
	@mkdir -p $(@D)
	GPERF=$(GPERF) $(B)/hhn-gen --prefix $* --output-dir $(@D) $<
$(B)/tables/%.h: $(B)/tables/%.c
	@test -f $@

# Big lists made by tests/mklist.c (the same for the same arguments), each with a table of its
# own: 1,000 names take gperf's values and an indexed table, 5,000 hhn-gen's own values.
BIG := big1000 big5000
$(B)/mklist: tests/mklist.c
	@mkdir -p $(@D)
	$(CC) $(STD) $(CFLAGS) $< -o $@
$(B)/lists/big1000.in: $(B)/mklist
	@mkdir -p $(@D)
	$(B)/mklist 1000 1 --short > $@.tmp && mv $@.tmp $@
$(B)/lists/big5000.in: $(B)/mklist
	@mkdir -p $(@D)
	$(B)/mklist 5000 2 --short > $@.tmp && mv $@.tmp $@
$(B)/tables/big%.c: $(B)/lists/big%.in $(B)/hhn-gen | need-gperf
	@mkdir -p $(@D)
	GPERF=$(GPERF) $(B)/hhn-gen --quiet --prefix big$* --output-dir $(@D) $<

# The randomized end-to-end check (tests/random.sh): the tables of lists that tests/randlist.c
# draws from each seed, compiled with -Werror by $(CC) and clang and checked both ways.
# RANDOM_SEEDS: seeds N, ranges N-M, or N+S (from N on, for S seconds); the default's lists are
# direct, indexed (one with a 255-byte name) and displaced.
RANDOM_SEEDS ?= 10 11 15 18 21 113
$(B)/randlist: tests/randlist.c
	@mkdir -p $(@D)
	$(CC) $(STD) $(CFLAGS) $< -o $@
check-random: $(B)/hhn-gen $(B)/randlist | need-gperf need-check ## the randomized end-to-end check of RANDOM_SEEDS (default: six lists)
	CC="$(CC)" GPERF="$(GPERF)" CHECK_CFLAGS="$(CHECK_CFLAGS)" CHECK_LIBS="$(CHECK_LIBS)" \
	  sh tests/random.sh $(B) $(RANDOM_SEEDS)
SOAK_SECONDS ?= 3600
soak: $(B)/hhn-gen $(B)/randlist | need-gperf need-check ## the randomized check for SOAK_SECONDS (default 3600) from a seed of the clock
	$(MAKE) --no-print-directory check-random RANDOM_SEEDS=$$(date +%s)+$(SOAK_SECONDS)

# $(call table_tests,DIR,EXTRA_FLAGS,T): check_T, the table tests built for table T.
define table_tests
$(1)/check_table-$(3).o: tests/check_table.c $(B)/tables/$(3).h | need-check
	@mkdir -p $$(@D)
	$$(CC) $$(TEST_CFLAGS) $(2) -DT=$(3) -DTU=$(call upper,$(3)) -I$(B)/tables $$(DEPFLAGS) -c $$< -o $$@
$(1)/$(3).o: $(B)/tables/$(3).c
	@mkdir -p $$(@D)
	$$(CC) $$(TEST_CFLAGS) $(2) -I$(B)/tables $$(DEPFLAGS) -c $$< -o $$@
$(1)/check_$(3): $(1)/check_table-$(3).o $(1)/guard.o $(1)/lists.o $(1)/$(3).o
	$$(CC) $$(CFLAGS) $(2) $$(LDFLAGS) $$^ $$(CHECK_LIBS) -o $$@
endef

# $(call test_variant,DIR,EXTRA_FLAGS): the test objects and programs of one build variant.
define test_variant
$(1)/%.o: tests/%.c | need-check
	@mkdir -p $$(@D)
	$$(CC) $$(TEST_CFLAGS) $(2) $$(DEPFLAGS) -c $$< -o $$@
$(1)/check_table-hhn.o: tests/check_table.c | need-check
	@mkdir -p $$(@D)
	$$(CC) $$(TEST_CFLAGS) $(2) -DT=hhn -DTU=HHN -DT_DEFAULT $$(DEPFLAGS) -c $$< -o $$@
$(1)/hhn.o: lib/hhn.c
	@mkdir -p $$(@D)
	$$(CC) $$(TEST_CFLAGS) $(2) $$(DEPFLAGS) -c $$< -o $$@
$(1)/check_hhn: $(1)/check_table-hhn.o $(1)/check_default.o $(1)/static_tables.o $(1)/guard.o \
                $(1)/lists.o $(1)/hhn.o
	$$(CC) $$(CFLAGS) $(2) $$(LDFLAGS) $$^ $$(CHECK_LIBS) -o $$@
endef
$(eval $(call test_variant,$(B)/tests,))
$(eval $(call test_variant,$(B)/asan,$(SAN)))
$(eval $(call test_variant,$(B)/portable,-DHHN_NO_AVX512))
$(foreach t,$(EXAMPLES) $(BIG),$(eval $(call table_tests,$(B)/tests,,$(t))))
$(foreach t,$(BIG),$(eval $(call table_tests,$(B)/portable,-DHHN_NO_AVX512,$(t))))
$(foreach t,$(EXAMPLES),$(eval $(call table_tests,$(B)/asan,$(SAN),$(t))))
$(eval $(call table_tests,$(B)/portable,-DHHN_NO_AVX512,hpack))

check-gen: $(B)/tests/check_gen $(B)/tests/check_plan $(B)/hhn-gen $(B)/tests/failalloc.so $(B)/tests/delay.so ## hhn-gen's error paths, plan and output (Check)
	$(B)/tests/check_plan
	GPERF=$(GPERF) HHN_FAILALLOC=$(abspath $(B)/tests/failalloc.so) HHN_DELAY=$(abspath $(B)/tests/delay.so) \
	  $(B)/tests/check_gen $(B)/hhn-gen

# The plan's tests, linked with the generator's modules.
$(B)/tests/check_plan.o: tests/check_plan.c | need-check
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -Igen $(DEPFLAGS) -c $< -o $@
$(B)/tests/check_plan: $(B)/tests/check_plan.o $(filter-out $(B)/gen/main.o,$(GEN_OBJS))
	$(CC) $(CFLAGS) $(LDFLAGS) $^ $(CHECK_LIBS) -o $@

# An LD_PRELOAD library that makes one allocation of hhn-gen fail (see tests/failalloc.c).
$(B)/tests/failalloc.so: tests/failalloc.c
	@mkdir -p $(@D)
	$(CC) $(STD) $(CFLAGS) -shared -fPIC $< -o $@
# An LD_PRELOAD library that holds hhn-gen up after a rename or a spawn (see tests/delay.c).
$(B)/tests/delay.so: tests/delay.c
	@mkdir -p $(@D)
	$(CC) $(STD) $(CFLAGS) -shared -fPIC $< -o $@ -ldl

$(B)/tests/check_gen: $(B)/tests/check_gen.o
	$(CC) $(CFLAGS) $(LDFLAGS) $^ $(CHECK_LIBS) -o $@

# Each table's tests look up every name of every list; each example table is tested against
# its own list, and each big table against its list alone. On a CPU with AVX-512 the lookups
# take lookup_avx512, so the default table, one example and the big tables are also built
# without it (-DHHN_NO_AVX512) and tested through lookup_portable.
TABLE_TESTS := $(B)/tests/check_hhn $(EXAMPLES:%=$(B)/tests/check_%) $(B)/portable/check_hhn \
               $(B)/portable/check_hpack $(BIG:%=$(B)/tests/check_%) $(BIG:%=$(B)/portable/check_%)
check-table: $(TABLE_TESTS) ## lookups of libhhn and of the example tables, both lookups (Check)
	$(B)/tests/check_hhn $(LIST) $(TEST_LISTS)
	@for t in $(EXAMPLES); do echo "$(B)/tests/check_$$t data/$$t-names.in ..."; \
	  $(B)/tests/check_$$t data/$$t-names.in $(TEST_LISTS) || exit 1; done
	$(B)/portable/check_hhn $(LIST) $(TEST_LISTS)
	$(B)/portable/check_hpack data/hpack-names.in $(TEST_LISTS)
	@for t in $(BIG); do for v in tests portable; do echo "$(B)/$$v/check_$$t $(B)/lists/$$t.in"; \
	  $(B)/$$v/check_$$t $(B)/lists/$$t.in || exit 1; done; done

# The default table and one example under the sanitizers (the others add little but time).
# handle_segv=0 lets the guard-page test see its SIGSEGV as Check expects it.
check-asan: $(B)/asan/check_hhn $(B)/asan/check_hpack ## the table tests under AddressSanitizer and UBSan
	ASAN_OPTIONS=handle_segv=0 $(B)/asan/check_hhn $(LIST) $(TEST_LISTS)
	ASAN_OPTIONS=handle_segv=0 $(B)/asan/check_hpack data/hpack-names.in $(TEST_LISTS)

# The default table's tests under ThreadSanitizer and MemorySanitizer (tests/sanitizers.sh).
check-sanitizers: ## the default table's tests under gcc's and clang's TSan and clang's MSan
	sh tests/sanitizers.sh $(B)

# The golden tables: hhn-gen's output for every variant, committed (tests/golden.sh).
check-golden: $(B)/hhn-gen | need-gperf ## fail if hhn-gen's output of a golden list differs from tests/golden
	sh tests/golden.sh check $(B)
golden: $(B)/hhn-gen | need-gperf ## rewrite tests/golden from hhn-gen's output (after a change on purpose)
	sh tests/golden.sh update $(B)

FORMATTED := $(GEN_SRCS) $(wildcard gen/*.h tests/*.c tests/*.h tests/bench/*.c tests/bench/*.h fuzz/*.c)
EXAMPLE_TABLES = $(foreach t,$(EXAMPLES),$(B)/tables/$(t).c $(B)/tables/$(t).h)
# A table with the longest prefix hhn-gen takes, to show that no line outgrows the limit.
LONG_PREFIX := prefix_of_the_longest_length_32_
$(B)/tables/long/$(LONG_PREFIX).c: $(LIST) $(B)/hhn-gen | need-gperf
	@mkdir -p $(@D)
	GPERF=$(GPERF) $(B)/hhn-gen --prefix $(LONG_PREFIX) --output-dir $(@D) $(LIST)
check-format: $(EXAMPLE_TABLES) $(B)/tables/long/$(LONG_PREFIX).c ## fail if a source or generated table is not clang-format clean
	$(CLANG_FORMAT) --dry-run -Werror $(FORMATTED) $(TABLE) $(EXAMPLE_TABLES) $(B)/tables/long/* \
	  $(wildcard tests/golden/*/t.[ch])
	@echo "check-format: clang-format leaves every file as it is"

format: ## clang-format the hand-written sources in place
	$(CLANG_FORMAT) -i $(FORMATTED)

# Every table the tests make compiles without a warning as strict C99 under $(CC) and clang,
# whose -Wextra is stricter about initializers, both ways (tests/strict.sh): users build the
# tables with their own flags. (The randomized check compiles its tables the same way.)
STRICT_CCS := $(sort $(CC) clang)
CC_TABLES   = lib/hhn.c $(EXAMPLES:%=$(B)/tables/%.c) $(BIG:%=$(B)/tables/%.c) $(wildcard tests/golden/*/t.c) \
              $(B)/tables/long/$(LONG_PREFIX).c
check-cc: $(EXAMPLE_TABLES) $(BIG:%=$(B)/tables/%.c) $(B)/tables/long/$(LONG_PREFIX).c ## every table the tests make compiles as strict C99 with cc and clang, -Werror
	sh tests/strict.sh "$(STRICT_CCS)" $(CC_TABLES)

# The installed library exports nothing but hhn_ functions.
check-symbols: $(B)/libhhn.so ## libhhn.so exports only hhn_ symbols
	@bad=$$(nm -D --defined-only $(B)/$(LIB_SO) | awk '$$3 !~ /^hhn_/ { print $$3 }'); \
	if [ -n "$$bad" ]; then echo "check-symbols: libhhn.so exports $$bad" >&2; exit 1; fi; \
	echo "check-symbols: libhhn.so exports only hhn_ symbols"

# Installs into build/stage and builds tests/consumer against it (make, and cmake if present).
check-consumer: all ## install into build/stage, build tests/consumer against it
	sh tests/consumer/run.sh $(B)

CHECKS := check-golden check-gen check-table check-asan check-sanitizers check-fuzz-corpus check-symbols check-consumer check-cc check-random \
          check-regen check-format
check: need-tools ## run every test: generator, tables, sanitizers, regen, format
	@$(MAKE) --no-print-directory all $(CHECKS)

# $(call need,TOOLS,TARGET,MORE): fails, naming in one message the Debian package of every
# tool:package of TOOLS whose tool is not on PATH, and any that the shell MORE adds to $missing.
define need
missing=; \
for t in $(1); do command -v $${t%%:*} >/dev/null 2>&1 || missing="$$missing $${t##*:}"; done; \
$(3) \
if [ -n "$$missing" ]; then \
  echo "error: make $(2) needs what these Debian packages install:$$missing" >&2; \
  echo "       apt-get install -y$$missing" >&2; exit 1; \
fi
endef

# Every tool that make check needs, each with its Debian package; all the missing ones named
# in one message, before anything runs.
CHECK_TOOLS := $(CC):gcc clang:clang $(GPERF):gperf $(PKG_CONFIG):pkg-config \
               $(CLANG_FORMAT):clang-format cmake:cmake meson:meson ninja:ninja-build awk:mawk
CHECK_LIB   := command -v $(PKG_CONFIG) >/dev/null 2>&1 && { $(PKG_CONFIG) --exists check || \
               missing="$$missing check"; }; \
               command -v clang >/dev/null 2>&1 && { echo 'int main(void) { return 0; }' | \
               clang -fsanitize=memory -x c - -o /dev/null 2>/dev/null || \
               missing="$$missing libclang-rt-dev"; };
need-tools:
	@$(call need,$(CHECK_TOOLS),check,$(CHECK_LIB))

# --- other CPUs and compilers -------------------------------------------------------------------

# Each tool of check-cross, with its Debian package.
CROSS_TOOLS := aarch64-linux-gnu-gcc:gcc-aarch64-linux-gnu arm-linux-gnueabihf-gcc:gcc-arm-linux-gnueabihf \
               i686-linux-gnu-gcc:gcc-i686-linux-gnu s390x-linux-gnu-gcc:gcc-s390x-linux-gnu \
               qemu-aarch64:qemu-user musl-gcc:musl-tools tcc:tcc
need-cross:
	@$(call need,$(CROSS_TOOLS),check-cross)

check-cross: $(BIG:%=$(B)/tables/%.c) $(B)/lists/big1000.in $(B)/lists/big5000.in | need-cross ## the table tests on aarch64, armhf, i686, s390x (qemu), without AVX-512, musl, tcc
	sh tests/cross.sh $(B)

# --- fuzzing -----------------------------------------------------------------------------------
# fuzz_lookup: libhhn's table; fuzz_portable: the same built with -DHHN_NO_AVX512, so that its
# lookups take lookup_portable on any CPU; fuzz_generated: a table generated here from the IANA
# registry's names; fuzz_gen: hhn-gen's list reading, checking and writing. See docs/design.md,
# "Fuzzing".

FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_FLAGS   := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FB           := $(B)/fuzz
FUZZERS      := fuzz_lookup fuzz_portable fuzz_generated fuzz_gen
# The seed corpus of each fuzzer: fuzz_portable, fuzz_lookup's lookups without AVX-512, shares it.
corpus        = fuzz/corpus/$$(if [ $(1) = fuzz_portable ]; then echo fuzz_lookup; else echo $(1); fi)
IANA_LIST    := data/iana-names.in
FUZZ_HHN      = -DT=hhn -DTU=HHN -Iinclude -Itests -I$(FB)
FUZZ_IANA     = -DT=iana -DTU=IANA -I$(B)/tables -Itests -I$(FB)
GEN_LIB_SRCS := $(filter-out gen/main.c,$(GEN_SRCS))

# The reference lists, made by awk straight from the names lists (not by hhn-gen).
LIST_AWK = '/^[ \t]*\/\// { next } { sub(/\r$$/, "") } NF { print $$1 }'
$(FB)/hhn_ref.h: $(LIST)
$(FB)/iana_ref.h: $(IANA_LIST)
$(FB)/hhn_ref.h $(FB)/iana_ref.h:
	@mkdir -p $(@D)
	{ echo '/* Made by make from $<. */'; echo 'static const char *const ref_names[] = {'; \
	  awk $(LIST_AWK) $< | sed 's/.*/    "&",/'; echo '};'; } > $@.tmp && mv $@.tmp $@

# Dictionaries: every name of the list a target looks up, or of both lists for fuzz_gen.
$(FB)/fuzz_lookup.dict $(FB)/fuzz_portable.dict: $(LIST)
$(FB)/fuzz_generated.dict: $(IANA_LIST)
$(FB)/fuzz_gen.dict: $(LIST) $(IANA_LIST)
$(FB)/%.dict:
	@mkdir -p $(@D)
	{ awk $(LIST_AWK) $^ | sort -u | sed 's/.*/"&"/'; \
	  printf '%s\n' '"//"' '"\x0a"' '"\x0d\x0a"' '":"' '"-"' '" "' '"\x09"' '"="' '"hop-by-hop"' \
	    '"hpack=28"' '" // "'; } > $@.tmp && mv $@.tmp $@

# $(call fuzz_programs,DIR,CC,FLAGS,HHN_C,IANA_C,MAIN): the three targets built one way.
define fuzz_programs
$(1)/fuzz_lookup: fuzz/fuzz_table.c tests/table.h tests/lists.c $(4) $(FB)/hhn_ref.h $(6)
	@mkdir -p $$(@D)
	$(2) $(3) $$(FUZZ_HHN) fuzz/fuzz_table.c tests/lists.c $(4) $(6) -o $$@
$(1)/fuzz_portable: fuzz/fuzz_table.c tests/table.h tests/lists.c $(4) $(FB)/hhn_ref.h $(6)
	@mkdir -p $$(@D)
	$(2) $(3) $$(FUZZ_HHN) -DHHN_NO_AVX512 fuzz/fuzz_table.c tests/lists.c $(4) $(6) -o $$@
$(1)/fuzz_generated: fuzz/fuzz_table.c tests/table.h tests/lists.c $(5) $(B)/tables/iana.h \
                     $(FB)/iana_ref.h $(6)
	@mkdir -p $$(@D)
	$(2) $(3) $$(FUZZ_IANA) fuzz/fuzz_table.c tests/lists.c $(5) $(6) -o $$@
$(1)/fuzz_gen: fuzz/fuzz_gen.c $$(GEN_LIB_SRCS) $$(wildcard gen/*.h) $(6)
	@mkdir -p $$(@D)
	$(2) $(3) -D_POSIX_C_SOURCE=200809L -Igen fuzz/fuzz_gen.c $$(GEN_LIB_SRCS) $(6) -o $$@
endef
# libFuzzer builds, with clang.
$(eval $(call fuzz_programs,$(FB),$$(FUZZ_CC),$$(FUZZ_FLAGS),lib/hhn.c,$(B)/tables/iana.c,))
# Plain replays of the seed corpora through fuzz/driver.c, with $(CC) and the sanitizers.
$(eval $(call fuzz_programs,$(B)/replay,$$(CC),$$(STD) -g $$(SAN),lib/hhn.c,$(B)/tables/iana.c,fuzz/driver.c))

.PHONY: fuzz fuzz-run fuzz-afl fuzz-selftest check-fuzz-corpus
fuzz: $(FUZZERS:%=$(FB)/%) $(FUZZERS:%=$(FB)/%.dict) ## build the libFuzzer targets into build/fuzz (needs clang)

# Runs each fuzzer for FUZZ_SECONDS; new inputs go to build/fuzz/corpus-*, crashes to
# build/fuzz/crash-*, and any crash fails the target.
fuzz-run: fuzz ## run each fuzzer for FUZZ_SECONDS (default 60); fail on a crash
	@for t in $(FUZZERS); do \
	  mkdir -p $(FB)/corpus-$$t; \
	  echo "fuzz-run: $$t for $(FUZZ_SECONDS) s"; \
	  $(FB)/$$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 -print_final_stats=1 -dict=$(FB)/$$t.dict \
	    -artifact_prefix=$(FB)/crash-$$t- $(FB)/corpus-$$t $(call corpus,$$t) \
	    > $(FB)/$$t.log 2>&1 || { tail -n 40 $(FB)/$$t.log; echo "fuzz-run: $$t FAILED"; exit 1; }; \
	  grep -E 'stat::number_of_executed_units|stat::average_exec_per_sec' $(FB)/$$t.log; \
	done

# Builds the targets for AFL++ when afl-clang-fast or afl-cc is installed.
AFL_CC := $(firstword $(shell command -v afl-clang-fast afl-cc 2>/dev/null))
fuzz-afl: $(FB)/hhn_ref.h $(FB)/iana_ref.h $(B)/tables/iana.h ## build the targets for AFL++ into build/afl
	@test -n "$(AFL_CC)" || { echo "error: fuzz-afl needs AFL++ (afl-clang-fast or afl-cc)" >&2; exit 1; }
	$(MAKE) --no-print-directory $(FUZZERS:%=$(B)/afl/%) AFL_BUILD=1

ifdef AFL_BUILD
$(eval $(call fuzz_programs,$(B)/afl,$(AFL_CC),-g -O1 -fsanitize=fuzzer,lib/hhn.c,$(B)/tables/iana.c,))
endif

# Shows that the lookup fuzzers catch planted bugs: see fuzz/selftest.sh.
SELFTEST_DEPS := $(FB)/hhn_ref.h $(FB)/iana_ref.h $(FB)/fuzz_lookup.dict $(FB)/fuzz_generated.dict \
                 $(B)/tables/iana.c
fuzz-selftest: $(SELFTEST_DEPS) ## show the lookup fuzzers catching planted bugs
	FUZZ_CC="$(FUZZ_CC)" FUZZ_FLAGS="$(FUZZ_FLAGS)" FUZZ_HHN="$(FUZZ_HHN)" FUZZ_IANA="$(FUZZ_IANA)" \
	  sh fuzz/selftest.sh

# Replays every seed corpus with the plain driver (no clang needed); part of make check.
check-fuzz-corpus: $(FUZZERS:%=$(B)/replay/%) ## replay every seed corpus under the sanitizers
	@for t in $(FUZZERS); do $(B)/replay/$$t $(call corpus,$$t) || exit 1; done

# --- benchmarks ---------------------------------------------------------------------------------
# hhn against gperf with WebKit's flags, gperf with its own key positions, an nghttp2-style
# switch and a linear strncasecmp scan, all made here from the default list.

BB           := $(B)/bench
TRAFFIC      ?= tests/data/traffic
BENCH_CFLAGS  = -std=c99 -D_POSIX_C_SOURCE=200809L $(CFLAGS)

# gperf input with WebKit's declarations (HTTPHeaderNames.gperf), for prefix $* (webkit, gperfk).
$(BB)/%.gperf: $(LIST)
	@mkdir -p $(@D)
	{ printf '%s\n' '%{' '#include <string.h>' '#include "peers.h"' '%}' '%struct-type' \
	    '%ignore-case' '%compare-strncmp' '%readonly-tables' '%global-table' \
	    '%define lookup-function-name $(*F)_find' '%define hash-function-name $(*F)_hash' \
	    '%define word-array-name $(*F)_words' 'struct $(*F)_entry { const char *name; int id; };' '%%'; \
	  awk $(LIST_AWK) $< | awk '{ print $$0 ", " NR - 1 }'; \
	  printf '%s\n' '%%' 'int $(*F)_lookup(const char *name, size_t len) {' \
	    '  const struct $(*F)_entry *e = $(*F)_find(name, len);' '  return e ? e->id : -1;' '}'; \
	} > $@.tmp && mv $@.tmp $@
$(BB)/webkit.c: $(BB)/webkit.gperf | need-gperf
	$(GPERF) --key-positions='*' -D -n -s 2 --output-file=$@ $<
$(BB)/gperfk.c: $(BB)/gperfk.gperf | need-gperf
	$(GPERF) -D -n -s 2 --output-file=$@ $<

$(BB)/mkswitch: tests/bench/mkswitch.c gen/names.c gen/names.h
	@mkdir -p $(@D)
	$(CC) $(STD) -Igen $(CFLAGS) tests/bench/mkswitch.c gen/names.c -o $@
$(BB)/switch.c: $(BB)/mkswitch $(LIST)
	$(BB)/mkswitch $(LIST) > $@.tmp && mv $@.tmp $@

# hhn's table built without its AVX-512 lookup, its functions renamed hhnp_.
HHNP_NAMES := -DHHN_NO_AVX512 $(foreach f,lookup lookup_lower lookup16 name lower flags attr,-Dhhn_$(f)=hhnp_$(f))
$(BB)/hhnp.o: lib/hhn.c include/hhn.h
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -Iinclude $(HHNP_NAMES) -c $< -o $@
$(BB)/%.o: $(BB)/%.c tests/bench/peers.h
	$(CC) $(BENCH_CFLAGS) -Itests/bench -c $< -o $@
$(BB)/linear.o: tests/bench/linear.c tests/bench/peers.h $(FB)/hhn_ref.h
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -Itests/bench -I$(FB) -c $< -o $@
# Each implementation's bytes, in the order of bench.c's IMPLS: what `size` counts of its object
# (hhn_lower's and hhn_lower_portable's are hhn's and hhn_portable's: one table, both lookups).
PEER_OBJS := $(B)/lib/hhn.o $(BB)/hhnp.o $(BB)/webkit.o $(BB)/gperfk.o $(BB)/switch.o $(BB)/linear.o
$(BB)/sizes.h: $(PEER_OBJS)
	{ printf '#define TABLE_BYTES {'; size $(wordlist 1,2,$(PEER_OBJS)) $(PEER_OBJS) | \
	    awk 'NR > 1 && $$1 != "text" { printf "%s, ", $$4 }'; \
	  printf '0}\n'; } > $@.tmp && mv $@.tmp $@
$(BB)/bench: tests/bench/bench.c tests/bench/peers.h $(BB)/sizes.h $(PEER_OBJS) $(B)/libhhn.a
	$(CC) $(BENCH_CFLAGS) -Wall -Wextra -Werror -Iinclude -Itests/bench -I$(BB) tests/bench/bench.c \
	  $(filter-out $(B)/lib/hhn.o,$(PEER_OBJS)) $(B)/libhhn.a -o $@

.PHONY: bench bench-instr bench-gen bench-ab
bench: $(BB)/bench ## time hhn against gperf, switch and linear peers (ns per lookup)
	$(BB)/bench $(TRAFFIC)

bench-gen: $(B)/hhn-gen $(B)/mklist | need-gperf need-check ## time hhn-gen and size its tables on big lists, beside gperf
	CC="$(CC)" GPERF="$(GPERF)" CHECK_CFLAGS="$(CHECK_CFLAGS)" CHECK_LIBS="$(CHECK_LIBS)" \
	  sh tests/bench/gen.sh $(B)/hhn-gen $(B)/mklist $(BB)/gen
REV ?= HEAD
bench-ab: $(B)/hhn-gen $(BB)/linear.o | need-gperf ## time the default table as hhn-gen writes it now against REV's (default HEAD)
	CC="$(CC)" CFLAGS="$(CFLAGS)" sh tests/bench/ab.sh $(REV) $(LIST)

# steps: counts instructions by stepping the real CPU, for the AVX-512 lookup valgrind cannot run.
$(BB)/steps: tests/bench/steps.c
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -Wall -Wextra -Werror tests/bench/steps.c -o $@

bench-instr: $(BB)/bench $(BB)/steps ## count instructions per lookup of each (callgrind, and steps)
	sh tests/bench/instr.sh $(BB)/bench $(BB)/steps $(TRAFFIC)

# --- install -----------------------------------------------------------------------------------

install: all ## install under DESTDIR and PREFIX (also BINDIR LIBDIR INCLUDEDIR PKGCONFIGDIR MANDIR CMAKEDIR)
	$(INSTALL_ENV) sh tools/install.sh install $(B)

uninstall: ## remove what install installed, and the folders it made
	$(INSTALL_ENV) sh tools/install.sh uninstall

clean: ## remove build/
	rm -rf $(B)

-include $(shell find $(B) -name '*.d' 2>/dev/null)
