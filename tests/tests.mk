# tests.mk: make check and check-all, and the tests of hhn-gen and the library; included by the
# Makefile (make help lists the targets). The tables the tests make are tests/tables.mk's.

.PHONY: need-tools need-check need-cross check check-all check-rest check-gen check-gen-all check-coverage \
        check-sanitizers check-symbols check-consumer check-random soak check-idents check-cross check-mutants

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
# short ones fill the tail; check-random last ran 145 s alone at the end of check-rest; each
# target's check that its tests/targets/NAME.mk gives, TARGET_CHECKS)
SLOW  = check-gen-all check-random check-tables-rest $(TARGET_CHECKS) check-cxx check-partial check-cc \
        check-idents check-hpp check-msan check-format-tables check-fuzz-corpus check-sanitizers \
        check-consumer check-bench check-symbols check-coverage check-mutants
check: need-tools ## after each edit (about 40 s with -j2): sizes, goldens, the plan, hhn-gen's errors, the default table both ways and its Rust and Go tests, regen, format, the docs' figures
	@$(MAKE) --no-print-directory all $(FAST)
	@echo "check: passed: $(FAST)"
check-all: need-tools ## every test (about 11 minutes on two cores): make check, every table in every build, sanitizers, C++, consumers, the randomized checks
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

# The default table's own test under ThreadSanitizer and MemorySanitizer, which pick the lookups
# at each call (tests/checks/sanitizers.sh); AddressSanitizer and UBSan are check-tables' asan.
check-sanitizers: $(B)/tables/default/.made ## the default table's test under gcc's and clang's TSan and clang's MSan
	sh tests/checks/sanitizers.sh $(B)

# The installed library exports nothing but hhn_ functions.
# The emitted tests of a static table's match fail when its value-length check is dropped, in
# each output (Rust's and Go's where RUSTC and GO are).
check-mutants: $(B)/hhn-gen | need-gperf ## the emitted tests of a fields table catch its match's value-length check dropped (C, Rust, Go, JavaScript)
	CC="$(CC)" RUSTC="$(RUSTC)" GO="$(GO)" NODE="$(NODE)" sh tests/checks/mutants.sh $(B)

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

CROSS_TOOLS := aarch64-linux-gnu-gcc:gcc-aarch64-linux-gnu aarch64-linux-gnu-g++:g++-aarch64-linux-gnu \
               arm-linux-gnueabihf-gcc:gcc-arm-linux-gnueabihf \
               i686-linux-gnu-gcc:gcc-i686-linux-gnu s390x-linux-gnu-gcc:gcc-s390x-linux-gnu \
               qemu-aarch64:qemu-user musl-gcc:musl-tools tcc:tcc
need-cross:
	@sh tools/need.sh check-cross $(CROSS_TOOLS)
check-cross: $(foreach t,default big1000 big5000,$(B)/tables/$(t)/.made) | need-cross ## the tables' own tests on aarch64, armhf, i686, s390x, x86-64 with AVX2 and without AVX (qemu), musl, tcc; WebKit's files on aarch64; ids that are other CPUs' libc macros refused
	sh tests/checks/macros.sh $(B)
	sh tests/checks/cross.sh $(B)
