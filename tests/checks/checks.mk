# checks.mk: the checks of the sources (the generator's sizes and layers, the id lists, format,
# the docs, MemorySanitizer over hhn-gen); included by the Makefile (make help lists them).

.PHONY: check-sizes check-ids check-format format check-docs check-msan

# The generator stays readable: no file of gen/ over 700 lines, no function over 60, no two
# files that call each other (tests/checks/calls.sh reads the calls from the objects) or
# include each other's header (tests/checks/includes.sh), and no emitter that calls the reader's
# or the hash's files rather than read the plan (tests/checks/apart.sh).
check-sizes: $(GEN_OBJS) ## no file of gen/ over 700 lines (emit*.c 500), no function over 60, no cycle of calls between its files, no two that include each other, no emitter that calls the reader or the hash
	sh tests/checks/sizes.sh 700 60 $(GEN_SRCS) $(GEN_HDRS)
	sh tests/checks/sizes.sh 500 60 $(filter gen/emit/%,$(GEN_SRCS))
	sh tests/checks/calls.sh $(GEN_OBJS)
	sh tests/checks/apart.sh "$(EMIT_OBJS)" "$(READ_OBJS) $(HASH_OBJS)"
	sh tests/checks/layers.sh $(B) gen $(subst $(SPACE),$(COMMA),$(GEN_TARGETS:%=gen/emit/%)) gen/emit/c gen/emit gen/plan gen/hash gen/read gen/base -- $(GEN_OBJS)
	sh tests/checks/includes.sh $(GEN_SRCS) $(GEN_HDRS)

# The lists that say they are a stack's tokens are the stack's own enum, whole.
check-ids: ## the id lists of tests/data/ids are their stacks' token lists, whole
	sh tests/checks/ids.sh tests/data/ids/nghttp2.in tests/data/ids/nghttp3.in

# Every hand-written source and the default table are clang-format clean (check-format, in
# make check); the golden tables are check-format-tables' (tests/tables.mk).
FORMATTED := $(GEN_SRCS) $(GEN_HDRS) $(wildcard tests/*/*.c tests/*/*.h tests/gen/programs/*.c fuzz/*.c)
check-format: ## fail if a hand-written source or the default table is not clang-format clean
	$(CLANG_FORMAT) --dry-run -Werror $(FORMATTED) $(filter-out %.rs,$(TABLE))
	@echo "check-format: clang-format leaves every file as it is"
format: ## clang-format the hand-written sources in place
	$(CLANG_FORMAT) -i $(FORMATTED)

# The docs' figures that a script can read, against what they describe (tests/checks/docs.sh).
check-docs: ## README.md at most 300 lines; every `make` target the docs name exists; CI's counts as the docs give them
	sh tests/checks/docs.sh

# hhn-gen under clang's MemorySanitizer, for each kind of output (tests/checks/msan.sh).
check-msan: $(B)/gen/test_template.h $(B)/gen/table_template.h $(TARGET_TEMPLATES) $(B)/lists/big5000.in | need-gperf ## hhn-gen under MemorySanitizer reads nothing unwritten, for each kind of output
	sh tests/checks/msan.sh $(B)
