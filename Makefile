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

# The default list and the command that makes its checked-in table (lib/hhn.c, include/hhn.h,
# and include/hhn.hpp, its C++ layer).
LIST      := data/HTTPHeaderNames.in
TABLE     := lib/hhn.c include/hhn.h include/hhn.hpp
GEN_ARGS  := --cxx --prefix hhn --output-dir lib --header-dir include $(LIST)
# Every list the table tests look names up from: ours, and the public ones in tests/data (see
# tests/data/SOURCES.md), named one by one so that a missing one fails the tests.
PUBLIC_LISTS := $(addprefix tests/data/lists/,webkit-HTTPHeaderNames.in \
                  oven-sh-WebKit-HTTPHeaderNames.in bun-names.txt iana-field-names.csv \
                  hpack-static.txt qpack-static.txt)
TEST_LISTS = $(wildcard data/*.in) $(PUBLIC_LISTS)

GEN_SRCS := gen/main.c gen/names.c gen/diag.c gen/progress.c gen/cleanup.c gen/publish.c gen/hashfn.c gen/positions.c gen/reserved.c \
            gen/gperf.c gen/displace.c gen/search.c gen/layout.c gen/emit.c gen/emit_text.c gen/emit_header.c gen/emit_tables.c \
            gen/emit_lookups.c gen/emit_vector.c gen/emit_one.c gen/emit_test.c gen/emit_cxx.c
GEN_OBJS := $(GEN_SRCS:gen/%.c=$(B)/gen/%.o)
LIB_SO   := libhhn.so.$(VERSION)

.PHONY: check-random check-idents check-ids soak check-sanitizers check-golden golden check-sizes check-emitted check-cxx check-hpp
.PHONY: all check need-tools need-cross check-cross check-gen check-table check-asan check-regen check-format check-cc regen format \
        check-symbols check-consumer \
        install uninstall clean help need-gperf need-check

all: $(B)/hhn-gen $(B)/libhhn.a $(B)/libhhn.so $(B)/hhn.pc ## build build/hhn-gen, build/libhhn.a, build/libhhn.so, build/hhn.pc

# Every target with a "## what it does" comment on its rule line, in the order of this file.
help: ## list the targets
	@echo "hhn $(VERSION): perfect-hash tables of HTTP header names"
	@echo ""
	@awk -F ':[^#]*## ' '/^[a-z][a-z-]*:.*## / { printf "  make %-18s %s\n", $$1, $$2 }' \
	  $(filter %Makefile %.mk,$(MAKEFILE_LIST))

# --- the generator and the library -------------------------------------------------------------

$(B)/gen/%.o: gen/%.c
	@mkdir -p $(@D)
	$(CC) $(STD) $(CPPFLAGS) $(CFLAGS) -DHHN_GEN_VERSION='"$(VERSION)"' $(DEPFLAGS) -c $< -o $@

# hhn-gen writes its version into every header, so its objects follow the version.
$(B)/gen/main.o $(B)/gen/emit.o: VERSION

# The body of P_test.c (hhn-gen --test) as a C string: see tools/cstring.sh.
$(B)/gen/test_template.h: gen/test.c.in tools/cstring.sh
	@mkdir -p $(@D)
	sh tools/cstring.sh template_test gen/test.c.in > $@.tmp && mv $@.tmp $@
$(B)/gen/emit_test.o: $(B)/gen/test_template.h
$(B)/gen/emit_test.o: CPPFLAGS += -I$(B)/gen

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

regen: $(B)/hhn-gen | need-gperf ## regenerate lib/hhn.c, include/hhn.h and include/hhn.hpp from the default list, and the man page's version (needs gperf)
	GPERF=$(GPERF) $(B)/hhn-gen $(GEN_ARGS)
	sed -i 's|^\.TH HHN-GEN 1 "" "hhn [^"]*"|.TH HHN-GEN 1 "" "hhn $(VERSION)"|' gen/hhn-gen.1

# Regenerates into build/regen with the same relative arguments, so the banners match too.
check-regen: $(B)/hhn-gen | need-gperf ## fail if a fresh regeneration differs from the checked-in table
	rm -rf $(B)/regen && mkdir -p $(B)/regen/data $(B)/regen/lib $(B)/regen/include
	cp $(LIST) $(B)/regen/data/
	cd $(B)/regen && GPERF=$(GPERF) ../hhn-gen $(GEN_ARGS)
	diff -u lib/hhn.c $(B)/regen/lib/hhn.c
	diff -u include/hhn.h $(B)/regen/include/hhn.h
	diff -u include/hhn.hpp $(B)/regen/include/hhn.hpp
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
	GPERF=$(GPERF) $(B)/hhn-gen --test --cxx --prefix $* --output-dir $(@D) $<
$(B)/tables/%.h: $(B)/tables/%.c
	@test -f $@

# One example made as one file (--static), its tests built with it included (T_ONE_FILE).
$(B)/tables/one/hpack.c: data/hpack-names.in $(B)/hhn-gen | need-gperf
	@mkdir -p $(@D)
	GPERF=$(GPERF) $(B)/hhn-gen --quiet --static --test --prefix hpack --output-dir $(@D) $<
$(B)/one/check_hpack: tests/check_table.c $(B)/tables/one/hpack.c $(B)/tests/guard.o $(B)/tests/lists.o | need-check
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -DT=hpack -DTU=HPACK -DT_ONE_FILE -I$(B)/tables/one $< \
	  $(B)/tests/guard.o $(B)/tests/lists.o $(CHECK_LIBS) -o $@

# The lists whose ids a stack chose (tests/data/ids), each with a table of its own.
IDS := nghttp2 nghttp3 from2
$(B)/tables/%.c: tests/data/ids/%.in $(B)/hhn-gen | need-gperf
	@mkdir -p $(@D)
	GPERF=$(GPERF) $(B)/hhn-gen --quiet --test --cxx --prefix $* --output-dir $(@D) $<

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
	GPERF=$(GPERF) $(B)/hhn-gen --quiet --test --prefix big$* --output-dir $(@D) $<

# The default list's table again, with its test (hhn-gen --test); check-regen checks that the
# table is the checked-in one.
$(B)/tables/default/hhn.c: $(LIST) $(B)/hhn-gen | need-gperf
	@mkdir -p $(@D)
	GPERF=$(GPERF) $(B)/hhn-gen --quiet --test --cxx --output-dir $(@D) $<

# The tests hhn-gen --test wrote beside every table above, built and run as their users would
# (tests/emitted.sh): with the strict warnings, by $(CC), with and without AVX-512 (the others
# without it alone, for time: with it, inputs flush against a guard page cost the masked load a
# microcode assist, and a test 7 s); clang builds two of them too. Beside, not instead of, hhn's
# own tests of the same tables.
EMITTED := $(B)/tables/default/hhn $(EXAMPLES:%=$(B)/tables/%) $(B)/tables/one/hpack \
           $(IDS:%=$(B)/tables/%) $(BIG:%=$(B)/tables/%)
check-emitted: $(EMITTED:%=%.c) ## build and run the test that hhn-gen --test writes, of every table the tests make
	sh tests/emitted.sh "$(CC)" $(B)/tables/default/hhn $(B)/tables/iana $(B)/tables/one/hpack $(B)/tables/big1000
	EMITTED_AVX512=0 sh tests/emitted.sh "$(CC)" $(B)/tables/hpack $(B)/tables/qpack $(IDS:%=$(B)/tables/%) \
	  $(B)/tables/big5000
	sh tests/emitted.sh clang $(B)/tables/default/hhn $(B)/tables/one/hpack

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
# The randomized check of the identifiers the output defines (tests/idents.sh): prefixes, names
# and options drawn from the classes that once broke it; each refused, or every file compiles.
IDENTS_SEEDS ?= 1-24
check-idents: $(B)/hhn-gen | need-gperf ## the randomized check of prefixes and names like the output's own (IDENTS_SEEDS)
	CC="$(CC)" GPERF="$(GPERF)" sh tests/idents.sh $(B) $(IDENTS_SEEDS)

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
$(foreach t,$(EXAMPLES) $(BIG) $(IDS),$(eval $(call table_tests,$(B)/tests,,$(t))))
$(foreach t,$(IDS),$(eval $(call table_tests,$(B)/portable,-DHHN_NO_AVX512,$(t))))
$(foreach t,$(BIG),$(eval $(call table_tests,$(B)/portable,-DHHN_NO_AVX512,$(t))))
$(foreach t,$(EXAMPLES),$(eval $(call table_tests,$(B)/asan,$(SAN),$(t))))
$(eval $(call table_tests,$(B)/portable,-DHHN_NO_AVX512,hpack))

check-gen: $(B)/tests/check_gen $(B)/tests/check_plan $(B)/hhn-gen $(B)/tests/failalloc.so $(B)/tests/delay.so ## hhn-gen's error paths, plan and output (Check)
	$(B)/tests/check_plan
	GPERF=$(GPERF) HHN_FAILALLOC=$(abspath $(B)/tests/failalloc.so) HHN_DELAY=$(abspath $(B)/tests/delay.so) \
	  $(B)/tests/check_gen $(B)/hhn-gen

# The lists that say they are a stack's tokens are the stack's own enum, whole (tests/ids.sh).
check-ids: ## the id lists of tests/data/ids are their stacks' token lists, whole
	sh tests/ids.sh $(IDS_OF_STACKS)
IDS_OF_STACKS := tests/data/ids/nghttp2.in tests/data/ids/nghttp3.in

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
               $(B)/portable/check_hpack $(BIG:%=$(B)/tests/check_%) $(BIG:%=$(B)/portable/check_%) \
               $(IDS:%=$(B)/tests/check_%) $(IDS:%=$(B)/portable/check_%) $(B)/one/check_hpack
check-table: $(TABLE_TESTS) ## lookups of libhhn and of the example tables, both lookups (Check)
	$(B)/tests/check_hhn $(LIST) $(TEST_LISTS)
	@for t in $(EXAMPLES); do echo "$(B)/tests/check_$$t data/$$t-names.in ..."; \
	  $(B)/tests/check_$$t data/$$t-names.in $(TEST_LISTS) || exit 1; done
	$(B)/portable/check_hhn $(LIST) $(TEST_LISTS)
	$(B)/portable/check_hpack data/hpack-names.in $(TEST_LISTS)
	$(B)/one/check_hpack data/hpack-names.in $(TEST_LISTS)
	@for t in $(BIG); do for v in tests portable; do echo "$(B)/$$v/check_$$t $(B)/lists/$$t.in"; \
	  $(B)/$$v/check_$$t $(B)/lists/$$t.in || exit 1; done; done
	@for t in $(IDS); do for v in tests portable; do echo "$(B)/$$v/check_$$t tests/data/ids/$$t.in"; \
	  $(B)/$$v/check_$$t tests/data/ids/$$t.in $(TEST_LISTS) || exit 1; done; done

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

FORMATTED := $(GEN_SRCS) $(wildcard gen/*.h tests/*.c tests/*.h tests/gen/*.c tests/bench/*.c tests/bench/*.h fuzz/*.c)
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
CC_TABLES   = lib/hhn.c $(EXAMPLES:%=$(B)/tables/%.c) $(BIG:%=$(B)/tables/%.c) $(IDS:%=$(B)/tables/%.c) \
              $(wildcard tests/golden/*/t.c) \
              $(B)/tables/long/$(LONG_PREFIX).c
check-cc: $(EXAMPLE_TABLES) $(BIG:%=$(B)/tables/%.c) $(IDS:%=$(B)/tables/%.c) $(B)/tables/long/$(LONG_PREFIX).c ## every table the tests make compiles as strict C99 with cc and clang, -Werror
	sh tests/strict.sh "$(STRICT_CCS)" $(CC_TABLES)

# Every table the tests make compiles as C++ too (tests/cxx.sh), and the table tests run on the
# default table, the examples, the id lists and the big lists (a sample of their names mutated)
# built as C++17 by $(CXX), linked with the tests built as C.
CXX_COMPILERS := $(sort $(CXX) clang++)
CXX_TABLE_TESTS := $(B)/cxx/check_hhn $(B)/cxx-portable/check_hhn $(EXAMPLES:%=$(B)/cxx/check_%) \
                   $(IDS:%=$(B)/cxx/check_%) $(BIG:%=$(B)/cxx/check_%)
CXXFLAGS_TABLE = -x c++ -std=c++17 -Wall -Wextra -Werror $(CFLAGS)
$(B)/cxx/hhn.o: lib/hhn.c
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS_TABLE) -Iinclude -c $< -o $@
$(B)/cxx-portable/hhn.o: lib/hhn.c
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS_TABLE) -DHHN_NO_AVX512 -Iinclude -c $< -o $@
$(B)/cxx/%.o: $(B)/tables/%.c
	@mkdir -p $(@D)
	$(CXX) $(CXXFLAGS_TABLE) -I$(B)/tables -c $< -o $@
$(B)/cxx/check_hhn: $(B)/tests/check_table-hhn.o $(B)/tests/check_default.o $(B)/tests/static_tables.o \
                    $(B)/tests/guard.o $(B)/tests/lists.o $(B)/cxx/hhn.o
	$(CC) $(CFLAGS) $(LDFLAGS) $^ $(CHECK_LIBS) -o $@
$(B)/cxx-portable/check_hhn: $(B)/portable/check_table-hhn.o $(B)/portable/check_default.o \
                    $(B)/portable/static_tables.o $(B)/portable/guard.o $(B)/portable/lists.o \
                    $(B)/cxx-portable/hhn.o
	$(CC) $(CFLAGS) $(LDFLAGS) $^ $(CHECK_LIBS) -o $@
$(B)/cxx/check_%: $(B)/tests/check_table-%.o $(B)/tests/guard.o $(B)/tests/lists.o $(B)/cxx/%.o
	$(CC) $(CFLAGS) $(LDFLAGS) $^ $(CHECK_LIBS) -o $@
check-cxx: $(CC_TABLES) $(CXX_TABLE_TESTS) ## every table the tests make compiles as C++ (g++, clang++), and the table tests pass on C++ builds
	sh tests/cxx.sh "$(CXX_COMPILERS)" $(CC_TABLES)
	$(B)/cxx/check_hhn $(LIST) $(TEST_LISTS)
	$(B)/cxx-portable/check_hhn $(LIST) $(TEST_LISTS)
	@for t in $(EXAMPLES); do echo "$(B)/cxx/check_$$t data/$$t-names.in ..."; \
	  $(B)/cxx/check_$$t data/$$t-names.in $(TEST_LISTS) || exit 1; done
	@for t in $(IDS); do echo "$(B)/cxx/check_$$t tests/data/ids/$$t.in"; \
	  $(B)/cxx/check_$$t tests/data/ids/$$t.in || exit 1; done
	@for t in $(BIG); do echo "HHN_CHECK_SAMPLE=200 $(B)/cxx/check_$$t $(B)/lists/$$t.in"; \
	  HHN_CHECK_SAMPLE=200 $(B)/cxx/check_$$t $(B)/lists/$$t.in || exit 1; done

# The C++ layer that hhn-gen --cxx writes (P.hpp), of the default table, the examples and the
# id lists: the C table's answers through it, and no cost over the C call (tests/cxx/hpp.sh).
HPP_TABLES := $(B)/tables/default/hhn $(EXAMPLES:%=$(B)/tables/%) $(IDS:%=$(B)/tables/%)
check-hpp: $(HPP_TABLES:%=%.c) ## the C++ layer P.hpp (--cxx) answers as the C table, and costs a jump
	CC="$(CC)" sh tests/cxx/hpp.sh "$(CXX_COMPILERS)" $(HPP_TABLES)

# The generator stays readable: no file of gen/ over 700 lines, no function over 60.
check-sizes: ## no file of gen/ over 700 lines, no function over 60
	sh tests/sizes.sh 700 60 gen/*.c gen/*.h

# The installed library exports nothing but hhn_ functions.
check-symbols: $(B)/libhhn.so ## libhhn.so exports only hhn_ symbols
	sh tests/symbols.sh $(B)/$(LIB_SO) hhn_

# Installs into build/stage and builds tests/consumer against it (make, and cmake if present).
check-consumer: all ## install into build/stage, build tests/consumer against it
	sh tests/consumer/run.sh $(B)

CHECKS := check-sizes check-ids check-golden check-gen check-table check-asan check-sanitizers check-fuzz-corpus check-selftest-plant check-emitted check-cxx check-hpp check-symbols check-consumer check-cc check-random check-idents \
          check-regen check-format
check: need-tools ## run every test: generator, tables, sanitizers, regen, format
	@$(MAKE) --no-print-directory all $(CHECKS)
	@echo "check: passed: $(CHECKS)"

# Every tool that make check needs, each with its Debian package; all the missing ones named
# in one message, before anything runs.
CHECK_TOOLS := $(CC):gcc $(CXX):g++ clang:clang clang++:clang $(GPERF):gperf $(PKG_CONFIG):pkg-config \
               $(CLANG_FORMAT):clang-format cmake:cmake meson:meson ninja:ninja-build awk:mawk
need-tools:
	@PKG_CONFIG=$(PKG_CONFIG) sh tools/need.sh check --check-lib $(CHECK_TOOLS)

# --- other CPUs and compilers -------------------------------------------------------------------

# Each tool of check-cross, with its Debian package.
CROSS_TOOLS := aarch64-linux-gnu-gcc:gcc-aarch64-linux-gnu arm-linux-gnueabihf-gcc:gcc-arm-linux-gnueabihf \
               i686-linux-gnu-gcc:gcc-i686-linux-gnu s390x-linux-gnu-gcc:gcc-s390x-linux-gnu \
               qemu-aarch64:qemu-user musl-gcc:musl-tools tcc:tcc
need-cross:
	@sh tools/need.sh check-cross $(CROSS_TOOLS)

check-cross: $(BIG:%=$(B)/tables/%.c) $(B)/lists/big1000.in $(B)/lists/big5000.in | need-cross ## the table tests on aarch64, armhf, i686, s390x (qemu), without AVX-512, musl, tcc
	sh tests/cross.sh $(B)

# --- fuzzing and benchmarks: their own tables of targets -------------------------------------

include fuzz/fuzz.mk
include tests/bench/bench.mk

# --- install -----------------------------------------------------------------------------------

install: all ## install under DESTDIR and PREFIX (also BINDIR LIBDIR INCLUDEDIR PKGCONFIGDIR MANDIR CMAKEDIR)
	$(INSTALL_ENV) sh tools/install.sh install $(B)

uninstall: ## remove what install installed, and the folders it made
	$(INSTALL_ENV) sh tools/install.sh uninstall

clean: ## remove build/
	rm -rf $(B)

# Built files that a chain of rules makes on the way (build/cxx/*.o) stay: no rm ends a run.
.SECONDARY:

-include $(shell find $(B) -name '*.d' 2>/dev/null)
