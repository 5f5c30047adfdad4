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
# A target is its folder, gen/emit/T; GEN_TARGETS are those other than C, the default.
GEN_TARGETS  := $(filter-out c,$(notdir $(patsubst %/,%,$(sort $(dir $(wildcard gen/emit/*/*.c))))))
TARGET_TEMPLATES := $(GEN_TARGETS:%=$(B)/gen/%_template.h)
GEN_DIRS := gen/base gen/read gen/hash gen/plan gen/emit gen/emit/c $(GEN_TARGETS:%=gen/emit/%) gen
GEN_INC  := $(addprefix -I,$(GEN_DIRS))
GEN_SRCS := $(foreach d,$(GEN_DIRS),$(wildcard $(d)/*.c))
GEN_HDRS := $(foreach d,$(GEN_DIRS),$(wildcard $(d)/*.h))
GEN_OBJS := $(GEN_SRCS:gen/%.c=$(B)/gen/%.o)
EMIT_OBJS := $(filter $(B)/gen/emit/%,$(GEN_OBJS))
HASH_OBJS := $(filter $(B)/gen/hash/%,$(GEN_OBJS))
READ_OBJS := $(filter $(B)/gen/read/%,$(GEN_OBJS))
LIB_SO   := libhhn.so.$(VERSION)

.PHONY: all help need-gperf regen check-regen install uninstall clean

all: $(B)/hhn-gen $(B)/libhhn.a $(B)/libhhn.so $(B)/hhn.pc ## build build/hhn-gen, build/libhhn.a, build/libhhn.so, build/hhn.pc

# Every target with a "## what it does" comment on its rule line, in the order of the files.
# The targets a user of hhn runs; make help lists them first, then the benchmarks, then the tests.
USER_TARGETS = all help install uninstall clean regen check-regen
help: ## list the targets
	@echo "hhn $(VERSION): perfect-hash tables of HTTP header names"
	@echo ""
	@awk -v USER='$(USER_TARGETS)' -f tools/help.awk $(filter %Makefile %.mk,$(MAKEFILE_LIST))

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
$(B)/gen/emit/c/emit_test_program.o: $(B)/gen/test_template.h
$(B)/gen/emit/c/emit_test_program.o: CPPFLAGS += -I$(B)/gen
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
$(foreach t,$(GEN_TARGETS),$(eval $(B)/gen/emit/$(t)/$(t)_syntax.o: $(B)/gen/$(t)_template.h))
$(foreach t,$(GEN_TARGETS),$(eval $(B)/gen/emit/$(t)/$(t)_syntax.o: CPPFLAGS += -I$(B)/gen))
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

# --- the tests, fuzzing and benchmarks: a file of rules for each --------------------------------
# tests/tests.mk, make check and check-all, and the tests of hhn-gen and the library;
# tests/tables.mk, the tables the tests make (tests/tables.txt), the golden ones and every
# target's files; tests/targets/NAME.mk, each target's toolchain and checks of its own;
# tests/checks/checks.mk, the checks of the sources; fuzz/fuzz.mk and tests/bench/bench.mk.

include tests/tests.mk
include tests/tables.mk
include $(sort $(wildcard tests/targets/*.mk))
include tests/checks/checks.mk
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
