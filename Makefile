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
GO           ?= go
GOFMT        ?= gofmt
PREFIX       ?= /usr/local
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
MANDIR       ?= $(PREFIX)/share/man
CMAKEDIR     ?= $(LIBDIR)/cmake/hhn
DATADIR      ?= $(PREFIX)/share/hhn

B        := build
STD      := -std=c99 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror
DEPFLAGS  = -MMD -MP -MF $(@:.o=.d)

# The default list and the command that makes its checked-in table (lib/hhn.c, include/hhn.h,
# and include/hhn.hpp, its C++ layer).
LIST     := data/HTTPHeaderNames.in
TABLE    := lib/hhn.c include/hhn.h include/hhn.hpp lib/hhn.rs
JOBS     := $(shell nproc 2> /dev/null || echo 2)
GEN_ARGS := --cxx --prefix hhn --output-dir lib --header-dir include $(LIST)
RUST_ARGS := --rust --prefix hhn --output-dir lib $(LIST)

# hhn-gen's folders, in the order of its pipeline (DEVELOPERS.md): each file includes the others'
# headers by name alone.
EMPTY :=
SPACE := $(EMPTY) $(EMPTY)
COMMA := ,
# A target is its folder, gen/emit/T; TARGETS are those other than C, the default.
TARGETS  := $(filter-out c,$(notdir $(patsubst %/,%,$(sort $(dir $(wildcard gen/emit/*/*.c))))))
TARGET_TEMPLATES := $(TARGETS:%=$(B)/gen/%_template.h)
GEN_DIRS := gen/base gen/read gen/hash gen/plan gen/emit gen/emit/c $(TARGETS:%=gen/emit/%) gen
GEN_INC  := $(addprefix -I,$(GEN_DIRS))
GEN_SRCS := $(foreach d,$(GEN_DIRS),$(wildcard $(d)/*.c))
GEN_HDRS := $(foreach d,$(GEN_DIRS),$(wildcard $(d)/*.h))
GEN_OBJS := $(GEN_SRCS:gen/%.c=$(B)/gen/%.o)
EMIT_OBJS := $(filter $(B)/gen/emit/%,$(GEN_OBJS))
HASH_OBJS := $(filter $(B)/gen/hash/%,$(GEN_OBJS))
READ_OBJS := $(filter $(B)/gen/read/%,$(GEN_OBJS))
LIB_SO   := libhhn.so.$(VERSION)

.PHONY: all help need-tools need-gperf need-check need-cross check check-all check-rest regen check-regen check-rust \
        check-gen check-gen-all check-default check-tables check-tables-rest check-golden golden \
        check-sizes check-ids check-coverage check-format-tables \
        check-format format check-cc check-partial check-msan check-cxx check-hpp check-symbols check-consumer check-sanitizers \
        check-random check-idents check-docs check-go check-webkit soak check-cross install uninstall clean

all: $(B)/hhn-gen $(B)/libhhn.a $(B)/libhhn.so $(B)/hhn.pc ## build build/hhn-gen, build/libhhn.a, build/libhhn.so, build/hhn.pc

# Every target with a "## what it does" comment on its rule line, in the order of the files.
help: ## list the targets
	@echo "hhn $(VERSION): perfect-hash tables of HTTP header names"
	@echo ""
	@awk -F ':[^#]*## ' '/^[a-z][a-z-]*:.*## / { printf "  make %-26s %s\n", $$1, $$2 }' \
	  $(filter %Makefile %.mk,$(MAKEFILE_LIST))

# --- the generator and the library -------------------------------------------------------------

$(B)/gen/%.o: gen/%.c
	@mkdir -p $(@D)
	$(CC) $(STD) $(GEN_INC) $(CPPFLAGS) $(CFLAGS) -DHHN_GEN_VERSION='"$(VERSION)"' $(DEPFLAGS) -c $< -o $@
# hhn-gen writes its version into every header, so the objects that read it follow the version.
$(B)/gen/main.o $(B)/gen/emit/c/emit_header.o: VERSION
# The body of P_test.c (hhn-gen --test) as a C string: see tools/cstring.sh.
$(B)/gen/test_template.h: gen/emit/c/test.c.in tools/cstring.sh
	@mkdir -p $(@D)
	sh tools/cstring.sh template_test gen/emit/c/test.c.in > $@.tmp && mv $@.tmp $@
$(B)/gen/emit/c/emit_test.o: $(B)/gen/test_template.h
$(B)/gen/emit/c/emit_test.o: CPPFLAGS += -I$(B)/gen
# The fixed text of a table's source, in sections, as C strings: see tools/sections.sh.
TEMPLATE_USERS := $(addprefix $(B)/gen/emit/c/,emit_preamble.o emit_hash.o emit_lookups.o emit_vector.o \
                  emit_classify.o emit_cxx.o emit_fields.o)
$(B)/gen/table_template.h: gen/emit/c/table.c.in tools/sections.sh
	@mkdir -p $(@D)
	sh tools/sections.sh gen/emit/c/table.c.in > $@.tmp && mv $@.tmp $@
$(TEMPLATE_USERS): $(B)/gen/table_template.h
$(TEMPLATE_USERS): CPPFLAGS += -I$(B)/gen
# The same of each other target's templates (gen/emit/T/*.in), in one header,
# $(B)/gen/T_template.h, that its syntax file (gen/emit/T/T_syntax.c) includes.
.SECONDEXPANSION:
$(B)/gen/%_template.h: $$(wildcard gen/emit/%/*.in) tools/sections.sh
	@mkdir -p $(@D)
	for f in $(filter %.in,$^); do sh tools/sections.sh $$f || exit 1; done > $@.tmp && mv $@.tmp $@
$(foreach t,$(TARGETS),$(eval $(B)/gen/emit/$(t)/$(t)_syntax.o: $(B)/gen/$(t)_template.h))
$(foreach t,$(TARGETS),$(eval $(B)/gen/emit/$(t)/$(t)_syntax.o: CPPFLAGS += -I$(B)/gen))
$(B)/hhn-gen: $(GEN_OBJS)
	$(CC) $(CFLAGS) $(LDFLAGS) $(GEN_OBJS) -o $@

$(B)/lib/hhn.o $(B)/lib/hhn.pic.o: lib/hhn.c
	@mkdir -p $(@D)
	$(CC) $(STD) -Iinclude $(CPPFLAGS) $(CFLAGS) $(if $(findstring pic,$@),-fPIC) $(DEPFLAGS) -c $< -o $@
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
              CMAKEDIR="$(CMAKEDIR)" DATADIR="$(DATADIR)" VERSION="$(VERSION)"
# hhn.pc for the PREFIX, LIBDIR and INCLUDEDIR in force; install makes it again with its own.
$(B)/hhn.pc: hhn.pc.in tools/install.sh VERSION
	@mkdir -p $(@D)
	$(INSTALL_ENV) sh tools/install.sh pc > $@.tmp && mv $@.tmp $@

# --- regenerating the checked-in table ---------------------------------------------------------

need-gperf:
	@command -v $(GPERF) >/dev/null 2>&1 || { echo "error: this needs GNU gperf ('$(GPERF)'): apt-get install gperf" >&2; exit 1; }

regen: $(B)/hhn-gen | need-gperf ## regenerate lib/hhn.c, include/hhn.h, include/hhn.hpp and lib/hhn.rs from the default list, and the man page's version (needs gperf)
	GPERF=$(GPERF) $(B)/hhn-gen $(GEN_ARGS)
	GPERF=$(GPERF) $(B)/hhn-gen --quiet $(RUST_ARGS)
	sed -i 's|^\.TH HHN-GEN 1 "" "hhn [^"]*"|.TH HHN-GEN 1 "" "hhn $(VERSION)"|' gen/hhn-gen.1

# Regenerates into build/regen with the same relative arguments, so the banners match too.
check-regen: $(B)/hhn-gen | need-gperf ## fail if a fresh regeneration differs from the checked-in table
	rm -rf $(B)/regen && mkdir -p $(B)/regen/data $(B)/regen/lib $(B)/regen/include
	cp $(LIST) $(B)/regen/data/
	cd $(B)/regen && GPERF=$(GPERF) ../hhn-gen $(GEN_ARGS) && GPERF=$(GPERF) ../hhn-gen --quiet $(RUST_ARGS)
	for f in $(TABLE); do diff -u $$f $(B)/regen/$$f || exit 1; done
	@grep -q '^\.TH HHN-GEN 1 "" "hhn $(VERSION)"' gen/hhn-gen.1 || \
	  { echo "check-regen: gen/hhn-gen.1 is not of version $(VERSION): make regen" >&2; exit 1; }
	@echo "check-regen: the checked-in table is what $(LIST) makes, and the man page is of $(VERSION)"

# --- the tests: make check after each edit, make check-all for everything (CI) ---------------

need-check:
	@$(PKG_CONFIG) --exists check || { echo "error: the tests need Check: apt-get install check pkg-config" >&2; exit 1; }
CHECK_CFLAGS = $(shell $(PKG_CONFIG) --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell $(PKG_CONFIG) --libs check 2>/dev/null)
TEST_ENV     = CC="$(CC)" CXX="$(CXX)" GPERF="$(GPERF)" CHECK_CFLAGS="$(CHECK_CFLAGS)" \
               CHECK_LIBS="$(CHECK_LIBS)"

# Every tool that the tests need, each with its Debian package; all the missing ones named in
# one message, before anything runs.
CHECK_TOOLS := $(CC):gcc $(CXX):g++ clang:clang clang++:clang $(GPERF):gperf $(PKG_CONFIG):pkg-config \
               $(CLANG_FORMAT):clang-format cmake:cmake meson:meson ninja:ninja-build awk:mawk
need-tools:
	@PKG_CONFIG=$(PKG_CONFIG) sh tools/need.sh check --check-lib $(CHECK_TOOLS)

FAST := check-sizes check-ids check-golden check-gen check-default check-selftest-plant check-regen \
        check-format check-docs
# (the longest first, each a job of one process: make -j2 starts them in this order, and the
# short ones fill the tail; check-random last ran 145 s alone at the end of check-rest; check-go
# where go is)
GO_CHECK := $(if $(shell command -v $(GO) 2>/dev/null),check-go)
SLOW := check-gen-all check-random check-tables-rest check-rust $(GO_CHECK) check-webkit check-cxx check-partial check-cc \
        check-idents check-hpp check-msan check-format-tables check-fuzz-corpus check-sanitizers \
        check-consumer check-bench check-symbols check-coverage
check: need-tools ## after each edit (about 40 s with -j2): sizes, goldens, the plan, hhn-gen's errors, the default table both ways and its Rust test, regen, format, the docs' figures
	@$(MAKE) --no-print-directory all $(FAST)
	@echo "check: passed: $(FAST)"
check-all: need-tools ## every test (about 15 minutes on two cores): make check, every table in every build, sanitizers, C++, consumers, the randomized checks
	@$(MAKE) --no-print-directory all $(FAST) $(SLOW)
	@echo "check-all: passed: $(FAST) $(SLOW)"
check-rest: need-tools ## what check-all runs beyond make check: after a make check that passed, as CI runs it
	@$(MAKE) --no-print-directory all $(SLOW)
	@echo "check-rest: passed: $(SLOW)"

# hhn-gen as a program (tests/gen, Check): the plan, then its refusals and what it writes; the
# tables it writes (output.c) with check-gen-all.
GEN_TESTS := $(addprefix $(B)/tests/gen/,harness.o errors.o files.o output.o fields.o targets.o)
$(B)/tests/%.o: tests/%.c | need-check
	@mkdir -p $(@D)
	$(CC) $(STD) -D_DEFAULT_SOURCE -Iinclude -Itests/table $(GEN_INC) $(CHECK_CFLAGS) $(CPPFLAGS) $(CFLAGS) \
	  $(DEPFLAGS) -c $< -o $@
$(B)/tests/check_gen: $(GEN_TESTS)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ $(CHECK_LIBS) -o $@
$(B)/tests/check_plan: $(B)/tests/gen/check_plan.o $(filter-out $(B)/gen/main.o,$(GEN_OBJS))
	$(CC) $(CFLAGS) $(LDFLAGS) $^ $(CHECK_LIBS) -o $@
# LD_PRELOAD libraries that make one allocation of hhn-gen fail, and hold it up at a step.
$(B)/tests/%.so: tests/gen/%.c
	@mkdir -p $(@D)
	$(CC) $(STD) $(CFLAGS) -shared -fPIC $< -o $@ -ldl
GEN_RUN = GPERF=$(GPERF) HHN_FAILALLOC=$(abspath $(B)/tests/failalloc.so) \
          HHN_DELAY=$(abspath $(B)/tests/delay.so) $(B)/tests/check_gen $(B)/hhn-gen
check-gen: $(B)/tests/check_gen $(B)/tests/check_plan $(B)/hhn-gen $(B)/tests/failalloc.so $(B)/tests/delay.so ## hhn-gen's plan, errors, files, --fields and the other targets' rows (Check)
	$(B)/tests/check_plan
	CK_RUN_CASE=errors $(GEN_RUN)
	CK_RUN_CASE=files $(GEN_RUN)
	CK_RUN_CASE=fields $(GEN_RUN)
	CK_RUN_CASE=targets $(GEN_RUN)
check-gen-all: $(B)/tests/check_gen $(B)/hhn-gen ## hhn-gen's tables: each variant of the output built and run (Check)
	CK_RUN_CASE=output $(GEN_RUN)

# Streams of names as HTTP/1.1 and HTTP/2 send them, made by tests/bench/traffic.c from a fixed
# seed (tests/data/README.md): what the default table's tests look up and make bench times.
STREAMS := $(B)/traffic/h1-names.txt $(B)/traffic/h2-names.txt $(B)/traffic/h1-pairs.txt \
  $(B)/traffic/h2-pairs.txt
$(B)/traffic-gen: tests/bench/traffic.c
	@mkdir -p $(@D)
	$(CC) $(STD) $(CFLAGS) $< -o $@
$(STREAMS) &: $(B)/traffic-gen
	@mkdir -p $(B)/traffic
	$(B)/traffic-gen $(B)/traffic

# The share of real traffic that the default list finds, on the streams of SHARED (a folder of
# maintainers' data beside the repository, when it is there): at least 90% of each.
SHARED ?= ../shared
check-coverage: $(B)/libhhn.a ## the default list's share of real traffic, from $(SHARED)/data/traffic when it is there
	CC="$(CC)" sh tests/checks/coverage.sh $(B) $(SHARED)/data/traffic

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
# (and its Rust module's and Go package's tests where RUSTC and GO are installed)
DEFAULT_VARIANTS = avx512 avx2 portable lists $(if $(shell command -v $(RUSTC) 2>/dev/null),rust) \
                   $(if $(shell command -v $(GO) 2>/dev/null),go)
check-default: $(B)/tables/default/.made $(STREAMS) | need-check ## the default table's own test with each lookup, its lists, and its Rust module's and Go package's tests where rustc and go are
	$(TEST_ENV) $(RUST_ENV) $(GO_ENV) HHN_TRAFFIC=$(B)/traffic MATRIX_VARIANTS="$(DEFAULT_VARIANTS)" sh tests/matrix.sh run $(B) default
# The Rust module (hhn-gen --rust) of every table that tests/tables.txt gives the rust variant:
# its own test by rustc --test, and the module alone in a #![no_std] crate, warning-free
# (tests/checks/rust.sh); then so the checked-in lib/hhn.rs and the golden modules. By RUSTC
# (CI: Debian's 1.63, the oldest the output supports), and by clippy and rustfmt where they are.
RUSTC   ?= rustc
CLIPPY  ?= $(shell command -v clippy-driver 2>/dev/null)
RUSTFMT ?= $(shell command -v rustfmt 2>/dev/null)
RUST_ENV = GPERF="$(GPERF)" RUSTC="$(RUSTC)" CLIPPY="$(CLIPPY)" RUSTFMT="$(RUSTFMT)"
check-rust: $(B)/hhn-gen $(B)/lists/big500.in $(B)/lists/big1000.in $(B)/lists/big5000.in | need-gperf ## every table's Rust module (--rust) and its tests, by $(RUSTC) (and clippy and rustfmt where they are)
	@sh tools/need.sh check-rust $(RUSTC):rustc
	@echo "check-rust: $$($(RUSTC) --version)$(if $(CLIPPY), and $$($(CLIPPY) --version))"
	$(RUST_ENV) MATRIX_VARIANTS=rust MATRIX_SKIP="$(if $(filter rust,$(DEFAULT_VARIANTS)),default:rust)" sh tests/matrix.sh run $(B)
	$(RUST_ENV) sh tests/checks/rust.sh $(B)/rust-alone lib/hhn.rs $(wildcard tests/golden/*/t.rs)
	@echo "check-rust: lib/hhn.rs and $(words $(wildcard tests/golden/*/t.rs)) golden modules build alone, warning-free"

# The Go package (hhn-gen --go) of every table that tests/tables.txt gives the go variant: each
# in a module of its own, gofmt- and go vet-clean, and its own test by go test; by GO (CI:
# Debian's Go 1.19). check-all and check-rest run it where GO is.
GO_ENV = GPERF="$(GPERF)" GO="$(GO)" GOFMT="$(GOFMT)"
check-go: $(B)/hhn-gen $(B)/lists/big500.in $(B)/lists/big1000.in $(B)/lists/big5000.in $(STREAMS) | need-gperf ## every table's Go package (--go) and its tests, by $(GO) vet and test; bench-go's ways agree
	@sh tools/need.sh check-go $(GO):golang-go $(GOFMT):golang-go
	@echo "check-go: $$($(GO) version)"
	$(GO_ENV) MATRIX_VARIANTS=go MATRIX_SKIP="$(if $(filter go,$(DEFAULT_VARIANTS)),default:go)" sh tests/matrix.sh run $(B)
	$(GO_ENV) sh tests/checks/go.sh $(B)/go-alone $(wildcard tests/golden/*/t.go)
	@echo "check-go: $(words $(wildcard tests/golden/*/t.go)) golden packages build alone, gofmt- and vet-clean"
	@$(MAKE) --no-print-directory $(BB)/go/bench-go >/dev/null && $(BB)/go/bench-go --check $(B)/traffic $(B)/traffic

# WebKit's files (hhn-gen --webkit) of every table that tests/tables.txt gives the webkit
# variant: built against tests/webkit's stand-ins of WTF by CXX and clang++, -Werror, and asked
# what gperf's table of their P.gperf is asked, natively, portably and under the sanitizers
# (tests/targets/webkit.sh).
check-webkit: $(B)/hhn-gen $(B)/lists/big500.in | need-gperf ## every table's WebKit files (--webkit), against gperf's table of their .gperf
	@sh tools/need.sh check-webkit clang++:clang
	$(TEST_ENV) MATRIX_VARIANTS=webkit sh tests/matrix.sh run $(B)

# check-tables less what check-default runs, for check-all and check-rest, which run both.
check-tables-rest: $(TABLES:%=$(B)/tables/%/.made) $(STREAMS) | need-check
	$(TEST_ENV) HHN_TRAFFIC=$(B)/traffic MATRIX_SKIP="$(DEFAULT_VARIANTS:%=default:%)" sh tests/matrix.sh run $(B)

# The golden tables: hhn-gen's output for every variant, committed (tests/checks/golden.sh).
check-golden: $(B)/hhn-gen | need-gperf ## fail if hhn-gen's output of a golden list differs from tests/golden
	sh tests/checks/golden.sh check $(B)
golden: $(B)/hhn-gen | need-gperf ## rewrite tests/golden from hhn-gen's output (after a change on purpose)
	sh tests/checks/golden.sh update $(B)

# The generator stays readable: no file of gen/ over 700 lines, no function over 60, no two
# files that call each other (tests/checks/calls.sh reads the calls from the objects) or
# include each other's header (tests/checks/includes.sh), and no emitter that calls the reader's
# or the hash's files rather than read the plan (tests/checks/apart.sh).
check-sizes: $(GEN_OBJS) ## no file of gen/ over 700 lines (emit*.c 500), no function over 60, no cycle of calls between its files, no two that include each other, no emitter that calls the reader or the hash
	sh tests/checks/sizes.sh 700 60 $(GEN_SRCS) $(GEN_HDRS)
	sh tests/checks/sizes.sh 500 60 $(filter gen/emit/%,$(GEN_SRCS))
	sh tests/checks/calls.sh $(GEN_OBJS)
	sh tests/checks/apart.sh "$(EMIT_OBJS)" "$(READ_OBJS) $(HASH_OBJS)"
	sh tests/checks/layers.sh $(B) gen $(subst $(SPACE),$(COMMA),$(TARGETS:%=gen/emit/%)) gen/emit/c gen/emit gen/plan gen/hash gen/read gen/base -- $(GEN_OBJS)
	sh tests/checks/includes.sh $(GEN_SRCS) $(GEN_HDRS)

# The lists that say they are a stack's tokens are the stack's own enum, whole.
check-ids: ## the id lists of tests/data/ids are their stacks' token lists, whole
	sh tests/checks/ids.sh tests/data/ids/nghttp2.in tests/data/ids/nghttp3.in

# Every hand-written source and the default table are clang-format clean (check-format, in
# make check); so is every golden table and a table with the longest prefix hhn-gen takes,
# whose lines are the longest (check-format-tables, in check-all: clang-format takes a minute
# over them, two files at a time on two cores).
FORMATTED := $(GEN_SRCS) $(GEN_HDRS) $(wildcard tests/*/*.c tests/*/*.h tests/gen/programs/*.c fuzz/*.c)
LONG_PREFIX := prefix_of_the_longest_length_32_
$(B)/tables/long/$(LONG_PREFIX).c: $(LIST) $(B)/hhn-gen | need-gperf
	@mkdir -p $(@D)
	GPERF=$(GPERF) $(B)/hhn-gen --quiet --prefix $(LONG_PREFIX) --output-dir $(@D) $(LIST)
FORMAT_TABLES = $(B)/tables/long/$(LONG_PREFIX).c $(B)/tables/long/$(LONG_PREFIX).h \
                $(shell grep -l '^/\* DO NOT EDIT' tests/golden/*/t.[ch])
check-format: ## fail if a hand-written source or the default table is not clang-format clean
	$(CLANG_FORMAT) --dry-run -Werror $(FORMATTED) $(filter-out %.rs,$(TABLE))
	@echo "check-format: clang-format leaves every file as it is"
check-format-tables: $(B)/tables/long/$(LONG_PREFIX).c ## fail if a golden table or the longest-prefix one is not clang-format clean
	printf '%s\n' $(FORMAT_TABLES) | xargs -P $(JOBS) -n 1 $(CLANG_FORMAT) --dry-run -Werror
	@echo "check-format-tables: clang-format leaves every generated table as it is"
format: ## clang-format the hand-written sources in place
	$(CLANG_FORMAT) -i $(FORMATTED)

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
# hhn-gen under clang's MemorySanitizer, for each kind of output (tests/checks/msan.sh).
check-msan: $(B)/gen/test_template.h $(B)/gen/table_template.h $(TARGET_TEMPLATES) $(B)/lists/big5000.in | need-gperf ## hhn-gen under MemorySanitizer reads nothing unwritten, for each kind of output
	sh tests/checks/msan.sh $(B)

# The docs' figures that a script can read, against what they describe (tests/checks/docs.sh).
check-docs: ## README.md at most 300 lines; every `make` target the docs name exists; CI's counts as the docs give them
	sh tests/checks/docs.sh

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

# The default table's own test under ThreadSanitizer and MemorySanitizer, which pick the lookups
# at each call (tests/checks/sanitizers.sh); AddressSanitizer and UBSan are check-tables' asan.
check-sanitizers: $(B)/tables/default/.made ## the default table's test under gcc's and clang's TSan and clang's MSan
	sh tests/checks/sanitizers.sh $(B)

# The installed library exports nothing but hhn_ functions.
check-symbols: $(B)/libhhn.so ## libhhn.so exports only hhn_ symbols
	sh tests/checks/symbols.sh $(B)/$(LIB_SO) hhn_

# Installs into build/stage and builds tests/consumer against it (make, and cmake if present).
check-consumer: all ## install into build/stage, build tests/consumer against it
	sh tests/consumer/run.sh $(B)

# The randomized end-to-end check (tests/random/random.sh): the tables of lists that randlist.c
# draws from each seed, compiled with -Werror by $(CC) and clang, their tests run both ways; and,
# where RUSTC is there, the Rust module of each list of up to 1,100 names and its test.
# RANDOM_SEEDS: seeds N, ranges N-M, or N+S (from N on, for S seconds); the default's lists are
# direct, indexed (one with a 255-byte name) and displaced.
RANDOM_SEEDS ?= 10 11 15 18 21 113
check-random: $(B)/hhn-gen $(B)/randlist | need-gperf need-check ## the randomized end-to-end check of RANDOM_SEEDS (default: six lists)
	$(TEST_ENV) RANDOM_RUSTC="$$(command -v $(RUSTC) 2>/dev/null)" sh tests/random/random.sh $(B) $(RANDOM_SEEDS)
SOAK_SECONDS ?= 3600
soak: $(B)/hhn-gen $(B)/randlist | need-gperf need-check ## the randomized check for SOAK_SECONDS (default 3600) from a seed of the clock
	$(MAKE) --no-print-directory check-random RANDOM_SEEDS=$$(date +%s)+$(SOAK_SECONDS)
# The randomized check of the identifiers the output defines (tests/random/idents.sh): prefixes,
# names and options drawn from the classes that once broke it; each refused, or all compiles.
IDENTS_SEEDS ?= 1-24
check-idents: $(B)/hhn-gen | need-gperf ## the randomized check of prefixes and names like the output's own (IDENTS_SEEDS)
	$(TEST_ENV) sh tests/random/idents.sh $(B) $(IDENTS_SEEDS)

# --- other CPUs and compilers -------------------------------------------------------------------

CROSS_TOOLS := aarch64-linux-gnu-gcc:gcc-aarch64-linux-gnu arm-linux-gnueabihf-gcc:gcc-arm-linux-gnueabihf \
               i686-linux-gnu-gcc:gcc-i686-linux-gnu s390x-linux-gnu-gcc:gcc-s390x-linux-gnu \
               qemu-aarch64:qemu-user musl-gcc:musl-tools tcc:tcc
need-cross:
	@sh tools/need.sh check-cross $(CROSS_TOOLS)
check-cross: $(foreach t,default big1000 big5000,$(B)/tables/$(t)/.made) | need-cross ## the tables' own tests on aarch64, armhf, i686, s390x, x86-64 with AVX2 and without AVX (qemu), musl, tcc; ids that are other CPUs' libc macros refused
	sh tests/checks/macros.sh $(B)
	sh tests/checks/cross.sh $(B)

# --- fuzzing and benchmarks: their own tables of targets -------------------------------------

include fuzz/fuzz.mk
include tests/bench/bench.mk

# --- install -----------------------------------------------------------------------------------

install: all ## install under DESTDIR and PREFIX (also BINDIR LIBDIR INCLUDEDIR PKGCONFIGDIR MANDIR CMAKEDIR DATADIR)
	$(INSTALL_ENV) sh tools/install.sh install $(B)
uninstall: ## remove what install installed, and the folders it made
	$(INSTALL_ENV) sh tools/install.sh uninstall
clean: ## remove build/
	rm -rf $(B)

# Built files that a chain of rules makes on the way stay: no rm ends a run.
.SECONDARY:
-include $(shell find $(B) -name '*.d' 2>/dev/null)
