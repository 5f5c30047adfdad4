# fuzz.mk: the fuzz targets, included by the Makefile (make help lists them). Each lookup target
# is the test that hhn-gen --test wrote for a table, the one harness, built with -DHHN_FUZZ:
# fuzz_lookup the default table's, fuzz_avx2 the same built with -DHHN_NO_AVX512 -DHHN_AVX2 (its
# lookups the AVX2 ones on a CPU with AVX2), fuzz_portable with -DHHN_NO_AVX512 (the portable
# ones on any CPU), fuzz_generated the IANA registry's table's, fuzz_fields the HPACK static
# table's (--fields, nghttp2's ids: a name and a value matched at once); fuzz_gen is hhn-gen's
# list reading, checking and writing, fuzz_fieldsfile its reading and planning of a --fields
# file. See docs/design.md, "Fuzzing".

FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_FLAGS   := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
SAN          := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FB           := $(B)/fuzz
FUZZERS      := fuzz_lookup fuzz_avx2 fuzz_portable fuzz_generated fuzz_fields fuzz_gen \
                fuzz_fieldsfile
FIELDS_LIST  := tests/data/ids/nghttp2.in
IANA_LIST    := data/iana-names.in
GEN_LIB_SRCS := $(filter-out gen/main.c,$(GEN_SRCS))

# The dictionaries, made straight from the names lists (fuzz/data.sh): a dictionary has every
# name of the list its target looks up, or of both lists for fuzz_gen.
$(FB)/fuzz_lookup.dict $(FB)/fuzz_avx2.dict $(FB)/fuzz_portable.dict: $(LIST)
$(FB)/fuzz_generated.dict: $(IANA_LIST)
$(FB)/fuzz_fields.dict: $(FIELDS_LIST)
$(FB)/fuzz_fieldsfile.dict: data/qpack-names.in
$(FB)/fuzz_gen.dict: $(LIST) $(IANA_LIST)
$(FB)/%.dict: fuzz/data.sh
	@mkdir -p $(@D)
	sh fuzz/data.sh dict $(filter %.in,$^) > $@.tmp && mv $@.tmp $@

# $(call fuzz_programs,DIR,CC,FLAGS,MAIN): the targets built one way; a lookup target is
# TABLE_test.c and TABLE.c of build/tables (default/hhn, iana/iana, h2fields/h2f).
define lookup_fuzzer
$(1)/$(5): $(B)/tables/$(dir $(6)).made $(4)
	@mkdir -p $$(@D)
	$(2) $(3) $(7) -DHHN_FUZZ -I$(B)/tables/$(dir $(6)) $(B)/tables/$(6)_test.c $(B)/tables/$(6).c $(4) -o $$@
endef
define fuzz_programs
$(call lookup_fuzzer,$(1),$(2),$(3),$(4),fuzz_lookup,default/hhn,)
$(call lookup_fuzzer,$(1),$(2),$(3),$(4),fuzz_avx2,default/hhn,-DHHN_NO_AVX512 -DHHN_AVX2)
$(call lookup_fuzzer,$(1),$(2),$(3),$(4),fuzz_portable,default/hhn,-DHHN_NO_AVX512)
$(call lookup_fuzzer,$(1),$(2),$(3),$(4),fuzz_generated,iana/iana,)
$(call lookup_fuzzer,$(1),$(2),$(3),$(4),fuzz_fields,h2fields/h2f,)
$(1)/fuzz_gen: fuzz/fuzz_gen.c $$(GEN_LIB_SRCS) $$(GEN_HDRS) $(B)/gen/test_template.h \
               $(B)/gen/table_template.h $(TARGET_TEMPLATES) $(4)
	@mkdir -p $$(@D)
	$(2) $(3) -D_POSIX_C_SOURCE=200809L $(GEN_INC) -I$(B)/gen fuzz/fuzz_gen.c $$(GEN_LIB_SRCS) $(4) -o $$@
$(1)/fuzz_fieldsfile: fuzz/fuzz_fieldsfile.c $$(GEN_LIB_SRCS) $$(GEN_HDRS) \
                      $(B)/gen/test_template.h $(B)/gen/table_template.h \
                      $(TARGET_TEMPLATES) $(4)
	@mkdir -p $$(@D)
	$(2) $(3) -D_POSIX_C_SOURCE=200809L $(GEN_INC) -I$(B)/gen fuzz/fuzz_fieldsfile.c $$(GEN_LIB_SRCS) $(4) -o $$@
endef
# libFuzzer builds, with clang.
$(eval $(call fuzz_programs,$(FB),$$(FUZZ_CC),$$(FUZZ_FLAGS),))
# Plain replays of the seed corpora through fuzz/driver.c, with $(CC) and the sanitizers.
$(eval $(call fuzz_programs,$(B)/replay,$$(CC),-std=c99 -g $$(SAN),fuzz/driver.c))

.PHONY: fuzz fuzz-run fuzz-afl fuzz-selftest check-selftest-plant check-fuzz-corpus
fuzz: $(FUZZERS:%=$(FB)/%) $(FUZZERS:%=$(FB)/%.dict) ## build the libFuzzer targets into build/fuzz (needs clang)

# Runs each fuzzer for FUZZ_SECONDS; new inputs go to build/fuzz/corpus-*, crashes to
# build/fuzz/crash-*, and any crash fails the target.
fuzz-run: fuzz ## run each fuzzer for FUZZ_SECONDS (default 60); fail on a crash
	sh fuzz/run.sh fuzz $(FB) $(FUZZ_SECONDS) $(FUZZERS)

# Builds the targets for AFL++ when afl-clang-fast or afl-cc is installed.
AFL_CC := $(firstword $(shell command -v afl-clang-fast afl-cc 2>/dev/null))
fuzz-afl: $(B)/tables/default/.made $(B)/tables/iana/.made ## build the targets for AFL++ into build/afl
	@test -n "$(AFL_CC)" || { echo "error: fuzz-afl needs AFL++ (afl-clang-fast or afl-cc)" >&2; exit 1; }
	$(MAKE) --no-print-directory $(FUZZERS:%=$(B)/afl/%) AFL_BUILD=1
ifdef AFL_BUILD
$(eval $(call fuzz_programs,$(B)/afl,$(AFL_CC),-g -O1 -fsanitize=fuzzer,))
endif

# Shows that the fuzzers and the tests catch planted bugs: see fuzz/selftest.sh.
fuzz-selftest: $(B)/tables/default/.made $(B)/tables/iana/.made $(FB)/fuzz_lookup.dict $(FB)/fuzz_generated.dict ## show the harness, as a program and as a fuzz target, catching planted bugs
	FUZZ_CC="$(FUZZ_CC)" FUZZ_FLAGS="$(FUZZ_FLAGS)" sh fuzz/selftest.sh
# Plants every bug of the self-test without fuzzing; part of make check.
check-selftest-plant: $(B)/tables/default/.made $(B)/tables/iana/.made ## fail if a planted bug of fuzz-selftest no longer applies
	sh fuzz/selftest.sh --plant-only

# Replays every seed corpus with the plain driver (no clang needed).
check-fuzz-corpus: $(FUZZERS:%=$(B)/replay/%) ## replay every seed corpus under the sanitizers
	sh fuzz/run.sh replay $(B)/replay $(FUZZERS)
