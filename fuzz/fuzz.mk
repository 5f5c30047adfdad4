# fuzz.mk: the fuzz targets, included by the Makefile (make help lists them).
# fuzz_lookup: libhhn's table; fuzz_portable: the same built with -DHHN_NO_AVX512, so that its
# lookups take lookup_portable on any CPU; fuzz_generated: a table generated here from the IANA
# registry's names; fuzz_gen: hhn-gen's list reading, checking and writing. See docs/design.md,
# "Fuzzing".

FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_FLAGS   := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FB           := $(B)/fuzz
FUZZERS      := fuzz_lookup fuzz_portable fuzz_generated fuzz_gen
IANA_LIST    := data/iana-names.in
FUZZ_HHN      = -DT=hhn -DTU=HHN -Iinclude -Itests -I$(FB)
FUZZ_IANA     = -DT=iana -DTU=IANA -I$(B)/tables -Itests -I$(FB)
GEN_LIB_SRCS := $(filter-out gen/main.c,$(GEN_SRCS))

# The reference lists and the dictionaries, made straight from the names lists (fuzz/data.sh):
# a dictionary has every name of the list its target looks up, or of both lists for fuzz_gen.
$(FB)/hhn_ref.h: $(LIST)
$(FB)/iana_ref.h: $(IANA_LIST)
$(FB)/hhn_ref.h $(FB)/iana_ref.h: fuzz/data.sh
	@mkdir -p $(@D)
	sh fuzz/data.sh ref $(filter %.in,$^) > $@.tmp && mv $@.tmp $@

$(FB)/fuzz_lookup.dict $(FB)/fuzz_portable.dict: $(LIST)
$(FB)/fuzz_generated.dict: $(IANA_LIST)
$(FB)/fuzz_gen.dict: $(LIST) $(IANA_LIST)
$(FB)/%.dict: fuzz/data.sh
	@mkdir -p $(@D)
	sh fuzz/data.sh dict $(filter %.in,$^) > $@.tmp && mv $@.tmp $@

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
$(1)/fuzz_gen: fuzz/fuzz_gen.c $$(GEN_LIB_SRCS) $$(wildcard gen/*.h) $(B)/gen/test_template.h $(6)
	@mkdir -p $$(@D)
	$(2) $(3) -D_POSIX_C_SOURCE=200809L -Igen -I$(B)/gen fuzz/fuzz_gen.c $$(GEN_LIB_SRCS) $(6) -o $$@
endef
# libFuzzer builds, with clang.
$(eval $(call fuzz_programs,$(FB),$$(FUZZ_CC),$$(FUZZ_FLAGS),lib/hhn.c,$(B)/tables/iana.c,))
# Plain replays of the seed corpora through fuzz/driver.c, with $(CC) and the sanitizers.
$(eval $(call fuzz_programs,$(B)/replay,$$(CC),$$(STD) -g $$(SAN),lib/hhn.c,$(B)/tables/iana.c,fuzz/driver.c))

.PHONY: fuzz fuzz-run fuzz-afl fuzz-selftest check-selftest-plant check-fuzz-corpus
fuzz: $(FUZZERS:%=$(FB)/%) $(FUZZERS:%=$(FB)/%.dict) ## build the libFuzzer targets into build/fuzz (needs clang)

# Runs each fuzzer for FUZZ_SECONDS; new inputs go to build/fuzz/corpus-*, crashes to
# build/fuzz/crash-*, and any crash fails the target.
fuzz-run: fuzz ## run each fuzzer for FUZZ_SECONDS (default 60); fail on a crash
	sh fuzz/run.sh fuzz $(FB) $(FUZZ_SECONDS) $(FUZZERS)

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

# Plants every bug of the self-test without fuzzing; part of make check.
check-selftest-plant: $(B)/tables/iana.c ## fail if a planted bug of fuzz-selftest no longer applies
	sh fuzz/selftest.sh --plant-only

# Replays every seed corpus with the plain driver (no clang needed); part of make check.
check-fuzz-corpus: $(FUZZERS:%=$(B)/replay/%) ## replay every seed corpus under the sanitizers
	sh fuzz/run.sh replay $(B)/replay $(FUZZERS)
