# bench.mk: the benchmark targets, included by the Makefile (make help lists them).
# hhn's table of LIST against gperf with WebKit's flags, gperf with its own key positions, an
# nghttp2-style switch and a linear strncasecmp scan, all made here from LIST (by default the
# default list; LIST=FILE times any list's table, with its id=N ids), by CC (CC=clang times
# clang's build: every figure holds for the compiler that built it, which the programs print).

BB           := $(B)/bench
# The folder of streams that the benchmarks time (bench.c says what it reads there): by default
# the ones tests/bench/traffic.c makes (STREAMS, in the Makefile); make bench TRAFFIC=DIR times
# a folder of one's own, such as captured traffic.
TRAFFIC      ?= $(B)/traffic
TRAFFIC_MADE  = $(if $(filter $(B)/traffic,$(TRAFFIC)),$(STREAMS))
BENCH_CFLAGS  = -std=c99 -D_POSIX_C_SOURCE=200809L $(CFLAGS)

# What every benchmark is built of, in one stamp: the compiler (and its version), its flags and
# the list (its path and its bytes); a change rebuilds them all, so that make bench CC=clang, or
# LIST=..., after another run times what it says.
BENCH_STAMP := $(BB)/bench.stamp
$(BENCH_STAMP): bench-stamp-force
	@mkdir -p $(@D) && { echo '$(CC) $(CFLAGS)'; $(CC) --version 2>/dev/null | head -n 1; \
	  echo '$(LIST)'; cksum < $(LIST); } > $@.tmp && \
	  if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
.PHONY: bench-stamp-force
bench-stamp-force:

# The one core of every harness (tests/bench/core.h): streams, schedule, statistics, tables.
$(BB)/core.o: tests/bench/core.c tests/bench/core.h $(BENCH_STAMP)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -Wall -Wextra -Werror -c $< -o $@

# gperf input with WebKit's declarations (HTTPHeaderNames.gperf), for prefix $* (webkit, gperfk).
$(BB)/%.gperf: $(BENCH_STAMP) tests/bench/peers.sh
	@mkdir -p $(@D)
	sh tests/bench/peers.sh gperf $(*F) $(LIST) > $@.tmp && mv $@.tmp $@
$(BB)/webkit.c: $(BB)/webkit.gperf | need-gperf
	$(GPERF) --key-positions='*' -D -n -s 2 --output-file=$@ $<
$(BB)/gperfk.c: $(BB)/gperfk.gperf | need-gperf
	$(GPERF) -D -n -s 2 --output-file=$@ $<
# The linear scan's names and ids.
$(BB)/ref.h: $(BENCH_STAMP) tests/bench/peers.sh
	sh tests/bench/peers.sh ref $(LIST) > $@.tmp && mv $@.tmp $@

# mkswitch reads a list as hhn-gen does, and spells its C ids by C's rules (gen/emit/c).
MKSWITCH_SRCS := tests/bench/mkswitch.c gen/read/names.c gen/read/fields.c gen/emit/c/idents.c \
                 gen/emit/c/table_idents.c gen/emit/c/api.c gen/base/ascii.c
$(BB)/mkswitch: $(MKSWITCH_SRCS) $(GEN_HDRS)
	@mkdir -p $(@D)
	$(CC) $(STD) $(GEN_INC) $(CFLAGS) $(MKSWITCH_SRCS) -o $@
$(BB)/switch.c: $(BB)/mkswitch $(BENCH_STAMP)
	$(BB)/mkswitch $(LIST) > $@.tmp && mv $@.tmp $@

# hhn's table of LIST (the default list's is lib/hhn.c), in BB/table: built as it is (hhn_), without
# its vector lookups, its functions renamed hhnp_ (the portable ones: what a CPU without AVX-512
# runs), and with the AVX2 ones in place of the AVX-512 ones, renamed hhna_ (-DHHN_AVX2, which
# builds them on request: picked where the CPU has AVX2). HHNP_FLAGS adds flags to hhnp: make
# bench HHNP_FLAGS=-U__SSE2__ times, on x86-64, the plain C narrowing of UTF-16 units that CPUs
# other than x86-64 run (hhnp.flags rebuilds it when they change).
HHN_APIS   := lookup lookup_lower lookup16 lookup16_lower classify classify_lower classify16 classify16_lower name lower flags attr
HHNP_NAMES := -DHHN_NO_AVX512 $(foreach f,$(HHN_APIS),-Dhhn_$(f)=hhnp_$(f))
HHNA_NAMES := -DHHN_NO_AVX512 -DHHN_AVX2 $(foreach f,$(HHN_APIS),-Dhhn_$(f)=hhna_$(f))
HHNP_FLAGS ?=
$(BB)/hhnp.flags: hhnp-flags-force
	@mkdir -p $(@D) && echo '$(HHNP_FLAGS)' | cmp -s - $@ || echo '$(HHNP_FLAGS)' > $@
.PHONY: hhnp-flags-force
hhnp-flags-force:
$(BB)/table/hhn.c: $(B)/hhn-gen $(BENCH_STAMP) | need-gperf
	@mkdir -p $(@D)
	$(B)/hhn-gen --quiet --prefix hhn --output-dir $(@D) $(LIST)
$(BB)/hhn.o: $(BB)/table/hhn.c
	$(CC) $(BENCH_CFLAGS) -I$(BB)/table -c $< -o $@
$(BB)/hhnp.o: $(BB)/table/hhn.c $(BB)/hhnp.flags
	$(CC) $(BENCH_CFLAGS) -I$(BB)/table $(HHNP_NAMES) $(HHNP_FLAGS) -c $< -o $@
$(BB)/hhna.o: $(BB)/table/hhn.c
	$(CC) $(BENCH_CFLAGS) -I$(BB)/table $(HHNA_NAMES) -c $< -o $@
$(BB)/%.o: $(BB)/%.c tests/bench/peers.h $(BENCH_STAMP)
	$(CC) $(BENCH_CFLAGS) -Itests/bench -c $< -o $@
$(BB)/linear.o: tests/bench/linear.c tests/bench/peers.h $(BB)/ref.h
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -Itests/bench -I$(BB) -c $< -o $@
# Each implementation's bytes, in the order of bench.c's IMPLS: what `size` counts of its object
# (hhn_lower's, hhn_lower_avx2's and hhn_lower_portable's are hhn's, hhn_avx2's and
# hhn_portable's: one table, both lookups). hhn_static's and hhn_static_lower's are hhn's too,
# and their portable twins hhn_portable's: the same table, as one file to include.
PEER_OBJS := $(BB)/hhn.o $(BB)/hhna.o $(BB)/hhnp.o $(BB)/webkit.o $(BB)/gperfk.o $(BB)/switch.o \
  $(BB)/linear.o
$(BB)/sizes.h: $(PEER_OBJS) tests/bench/peers.sh tests/bench/bench.mk
	sh tests/bench/peers.sh sizes $(wordlist 1,3,$(PEER_OBJS)) $(wordlist 1,3,$(PEER_OBJS)) \
	  $(BB)/hhn.o $(BB)/hhn.o $(BB)/hhnp.o $(BB)/hhnp.o $(wordlist 4,7,$(PEER_OBJS)) > $@.tmp \
	  && mv $@.tmp $@
# The list's table as hhn-gen --static writes it, which bench.c includes (hhn_static), and again
# under prefix hhnsp, which it includes with HHN_NO_AVX512 (hhn_static_portable).
$(BB)/hhns.c $(BB)/hhnsp.c: $(BB)/%.c: $(B)/hhn-gen $(BENCH_STAMP) | need-gperf
	@mkdir -p $(@D)
	$(B)/hhn-gen --quiet --static --prefix $* --output-dir $(BB) $(LIST)
$(BB)/bench: tests/bench/bench.c tests/bench/core.c tests/bench/core.h tests/bench/peers.h $(BB)/sizes.h $(BB)/hhns.c $(BB)/hhnsp.c $(PEER_OBJS)
	$(CC) $(BENCH_CFLAGS) -Wall -Wextra -Werror -DHHN_BENCH_LIST='"$(LIST)"' -I$(BB)/table -Itests/bench \
	  -I$(BB) tests/bench/bench.c tests/bench/core.c $(PEER_OBJS) -o $@

# The fields benchmark: hhn's --static tables of HPACK's and QPACK's static tables (f*.c; fhp
# and fqp again for the portable build), and the stacks' switches and chains (fpeers.c).
FIELDS_TRAFFIC ?= $(B)/traffic
$(BB)/fh.c $(BB)/fhp.c: $(B)/hhn-gen data/hpack-static.txt $(BENCH_STAMP)
	@mkdir -p $(@D)
	$(B)/hhn-gen --quiet --static --prefix $(basename $(@F)) --fields data/hpack-static.txt --output-dir $(BB)
$(BB)/fq.c $(BB)/fqp.c: $(B)/hhn-gen data/qpack-static.txt $(BENCH_STAMP)
	@mkdir -p $(@D)
	$(B)/hhn-gen --quiet --static --prefix $(basename $(@F)) --fields data/qpack-static.txt --output-dir $(BB)
$(BB)/fpeers.c: $(BB)/mkswitch data/hpack-static.txt data/qpack-static.txt
	{ $(BB)/mkswitch --fields data/hpack-static.txt ph && \
	  $(BB)/mkswitch --fields data/qpack-static.txt pq; } > $@.tmp && mv $@.tmp $@
# The same tables linked, P.c an object of its own: flh and flq as built, flhp and flqp with
# HHN_NO_AVX512. Every function of the benchmark, hhn's and the peers', starts at 64 bytes
# (FIELDS_ALIGN): unaligned, where the linker put the tables' code moved a way by up to 30%.
FIELDS_ALIGN := -falign-functions=64
$(BB)/flh.c $(BB)/flhp.c: $(B)/hhn-gen data/hpack-static.txt $(BENCH_STAMP)
	@mkdir -p $(@D)
	$(B)/hhn-gen --quiet --prefix $(basename $(@F)) --fields data/hpack-static.txt --output-dir $(BB)
$(BB)/flq.c $(BB)/flqp.c: $(B)/hhn-gen data/qpack-static.txt $(BENCH_STAMP)
	@mkdir -p $(@D)
	$(B)/hhn-gen --quiet --prefix $(basename $(@F)) --fields data/qpack-static.txt --output-dir $(BB)
$(BB)/flh.o $(BB)/flq.o: $(BB)/%.o: $(BB)/%.c
	$(CC) $(BENCH_CFLAGS) $(FIELDS_ALIGN) -I$(BB) -c $< -o $@
$(BB)/flhp.o $(BB)/flqp.o: $(BB)/%.o: $(BB)/%.c
	$(CC) $(BENCH_CFLAGS) $(FIELDS_ALIGN) -DHHN_NO_AVX512 -I$(BB) -c $< -o $@
FIELDS_LINKED := $(BB)/flh.o $(BB)/flhp.o $(BB)/flq.o $(BB)/flqp.o
$(BB)/fields: tests/bench/fields.c $(BB)/fh.c $(BB)/fhp.c $(BB)/fq.c $(BB)/fqp.c $(BB)/fpeers.c \
  $(FIELDS_LINKED) $(BB)/core.o
	$(CC) $(BENCH_CFLAGS) $(FIELDS_ALIGN) -Wall -Wextra -Werror -I$(BB) tests/bench/fields.c \
	  $(FIELDS_LINKED) $(BB)/core.o -o $@

# The benchmarks build with both compilers and agree with their references (no timing): make
# bench's program lists its columns, and the fields benchmark checks every way against a plain
# scan on every entry of its tables, by $(CC) and by clang (check-all).
check-bench: $(B)/hhn-gen $(STREAMS) | need-gperf ## the benchmarks build by cc and by clang, and the fields and WebKit benchmarks' ways agree
	@for cc in $(sort $(CC) clang); do \
	  $(MAKE) --no-print-directory CC=$$cc $(BB)/bench $(BB)/fields >/dev/null && \
	  $(BB)/bench --list $(B)/traffic >/dev/null && $(BB)/fields --check || exit 1; \
	  echo "check-bench: the benchmarks build by $$cc"; done
	@for cxx in $(sort $(CXX) clang++); do \
	  $(MAKE) --no-print-directory CXX=$$cxx $(WB)/bench-webkit >/dev/null && \
	  $(WB)/bench-webkit --check $(B)/traffic/h1-names.txt $(B)/traffic/h2-names.txt >/dev/null || exit 1; \
	  echo "check-bench: bench-webkit builds by $$cxx, and its ways agree"; done

# A maintainers' check: every way of the fields benchmark agrees with a plain scan on the pairs
# of FIELDS_PAIRS (by default the captured ones of ../shared/data/fields, where it is).
FIELDS_PAIRS ?= $(wildcard ../shared/data/fields/*.tsv)
.PHONY: check-fields-pairs
check-fields-pairs: $(BB)/fields ## P_field_lower (HPACK's and QPACK's tables) and the fields benchmark's ways agree with a plain scan on the pairs of FIELDS_PAIRS
	$(if $(FIELDS_PAIRS),$(BB)/fields --check $(FIELDS_PAIRS),@echo "check-fields-pairs: no FIELDS_PAIRS" >&2; exit 1)

# The Rust benchmark: the default list's Rust module (hhn-gen --rust) in a crate of its own
# (tests/bench/rust), built offline by CARGO with RUSTC against the http crate that Debian's
# librust-http-dev puts in RUST_REGISTRY, linked with hhn's C table (both builds) and the loop
# that calls it from C (branch.c).
RB           := $(BB)/rust
CARGO        ?= cargo
RUST_REGISTRY ?= /usr/share/cargo/registry
$(RB)/libbenchc.a: tests/bench/rust/branch.c $(BB)/hhn.o $(BB)/hhnp.o $(BB)/core.o
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -Wall -Wextra -Werror -I$(BB)/table -c tests/bench/rust/branch.c -o $(RB)/branch.o
	rm -f $@ && ar rcs $@ $(RB)/branch.o $(BB)/hhn.o $(BB)/hhnp.o $(BB)/core.o
$(RB)/hhn.rs: $(B)/hhn-gen $(BENCH_STAMP) | need-gperf
	@mkdir -p $(@D)
	$(B)/hhn-gen --quiet --rust --output-dir $(RB) $(LIST)
$(RB)/hhnhttp.rs: $(B)/hhn-gen tests/bench/rust/http.in | need-gperf
	@mkdir -p $(@D)
	$(B)/hhn-gen --quiet --rust --prefix hhnhttp --output-dir $(RB) tests/bench/rust/http.in
# The Rust compiler and cargo that built it: a change rebuilds it (make bench-rust RUSTC=...).
$(RB)/rustc.stamp: bench-stamp-force
	@mkdir -p $(@D) && { $(RUSTC) --version; $(CARGO) --version; } > $@.tmp 2>&1; \
	  if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(RB)/target/release/bench-rust: $(RB)/libbenchc.a $(RB)/hhn.rs $(RB)/hhnhttp.rs tests/bench/rust/main.rs tests/bench/rust/shaped.rs tests/bench/rust/bench_core.rs tests/bench/rust/Cargo.toml $(RB)/rustc.stamp
	@sh tools/need.sh bench-rust $(RUSTC):rustc $(CARGO):cargo
	@test -d $(RUST_REGISTRY)/http-0.2.7 || { echo "bench-rust: no http 0.2.7 in $(RUST_REGISTRY): apt-get install librust-http-dev" >&2; exit 1; }
	cp tests/bench/rust/Cargo.toml tests/bench/rust/main.rs tests/bench/rust/shaped.rs tests/bench/rust/bench_core.rs $(RB)/
	mkdir -p $(RB)/.cargo
	printf '[source.crates-io]\nreplace-with = "debian"\n[source.debian]\ndirectory = "%s"\n[net]\noffline = true\n' \
	  $(RUST_REGISTRY) > $(RB)/.cargo/config.toml
	cd $(RB) && RUSTC=$(RUSTC) $(CARGO) rustc --quiet --release --offline -- \
	  -L native=$(abspath $(RB)) -l static=benchc
	@echo "bench-rust: built by $$($(RUSTC) --version)"

# BENCH_CPU=N runs each benchmark on CPU N alone (taskset): on a VM the CPUs need not be alike (on
# the development machine one ran every loop 1.2-1.6 times as slow as the other, its twin busy).
BENCH_RUN = $(if $(BENCH_CPU),taskset -c $(BENCH_CPU) )

.PHONY: bench bench-instr bench-instr-cross bench-gen bench-ab bench-fields bench-rust bench-go check-bench
bench-rust: $(RB)/target/release/bench-rust $(TRAFFIC_MADE) ## time the Rust module (--rust) against the http crate's HeaderName and hhn's C lookups (ns per name) on the streams of TRAFFIC
	$(BENCH_RUN)$(RB)/target/release/bench-rust $(TRAFFIC)
bench-fields: $(BB)/fields $(if $(filter $(B)/traffic,$(FIELDS_TRAFFIC)),$(STREAMS)) ## time P_field_lower (--static and linked) against nghttp2's, nghttp3's and h2o's ways on the pairs of FIELDS_TRAFFIC, by CC
	$(BENCH_RUN)$(BB)/fields $(FIELDS_TRAFFIC)
# make bench builds the program by each of BENCH_CCS in turn (tests/bench/run.sh): by default CC
# and clang, where it is.
BENCH_CCS ?= $(sort $(CC) $(if $(shell command -v clang 2>/dev/null),clang))
bench: $(B)/hhn-gen $(TRAFFIC_MADE) | need-gperf ## time LIST's table against gperf, switch and linear peers of LIST (ns per name) on the streams of TRAFFIC, by each of BENCH_CCS (CC and clang), the verdict last
	MAKE='$(MAKE)' BENCH_RUN='$(BENCH_RUN)' sh tests/bench/run.sh $(BB) $(TRAFFIC) $(BENCH_CCS)

# RUSTCS: the rustc of each Rust build that bench-gen times (RUSTCS="/usr/bin/rustc rustc").
RUSTCS ?= $(RUSTC)
bench-gen: $(B)/hhn-gen $(B)/mklist | need-gperf ## time hhn-gen and size its tables on big lists, beside gperf; a sparse list's Rust build beside its C
	CC="$(CC)" GPERF="$(GPERF)" RUSTCS="$(RUSTCS)" \
	  sh tests/bench/gen.sh $(B)/hhn-gen $(B)/mklist $(BB)/gen
REV ?= HEAD
GEN_FLAGS ?=
bench-ab: $(B)/hhn-gen $(BB)/linear.o $(TRAFFIC_MADE) | need-gperf ## time the default table as hhn-gen writes it now (with GEN_FLAGS) against REV's (default HEAD)
	TRAFFIC=$(TRAFFIC) CC="$(CC)" CFLAGS="$(CFLAGS)" GEN_FLAGS='$(value GEN_FLAGS)' BENCH_RUN='$(BENCH_RUN)' \
	  sh tests/bench/ab.sh $(REV) $(LIST)

CROSS_TARGET ?= aarch64
bench-instr-cross: $(TRAFFIC_MADE) $(BB)/webkit.c $(BB)/gperfk.c $(BB)/switch.c $(BB)/hhns.c $(BB)/hhnsp.c $(BB)/sizes.h $(BB)/ref.h $(BB)/table/hhn.c | need-cross ## count instructions per lookup on CROSS_TARGET (aarch64, armhf, s390x) under qemu
	TRAFFIC=$(TRAFFIC) HHNP_NAMES='$(HHNP_NAMES)' HHNA_NAMES='$(HHNA_NAMES)' sh tests/bench/instr-cross.sh $(B) $(CROSS_TARGET)

bench-instr-webkit: $(B)/hhn-gen $(TRAFFIC_MADE) | need-cross need-gperf ## count instructions a name of findHTTPHeaderName (hhn-gen --webkit's, gperf's three) on aarch64 under qemu
	GPERF=$(GPERF) sh tests/bench/instr-webkit.sh $(B) $(LIST) $(TRAFFIC)/h1-names.txt $(TRAFFIC)/h2-names.txt

# steps: counts instructions by stepping the real CPU, for the AVX-512 lookup valgrind cannot run.
$(BB)/steps: tests/bench/steps.c
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -Wall -Wextra -Werror tests/bench/steps.c -o $@

bench-instr: $(BB)/bench $(BB)/steps $(TRAFFIC_MADE) ## count instructions per lookup of each (callgrind, and steps)
	sh tests/bench/instr.sh $(BB)/bench $(BB)/steps $(TRAFFIC)

# --- Go (make bench-go) ---------------------------------------------------------------------------
# The default list's Go package (hhn-gen --go) and HPACK's static table's, with x/net's rule for
# a name alone (--name-entry last), beside a switch on the string made from the list, in a module
# of their own in GB, built by GO.
GB := $(BB)/go
$(GB)/hhn/hhn.go: $(B)/hhn-gen data/HTTPHeaderNames.in | need-gperf
	@mkdir -p $(@D)
	$(B)/hhn-gen --quiet --go --prefix hhn --output-dir $(@D) data/HTTPHeaderNames.in
$(GB)/hpackt/hpackt.go: $(B)/hhn-gen data/hpack-names.in data/hpack-static.txt | need-gperf
	@mkdir -p $(@D)
	$(B)/hhn-gen --quiet --go --prefix hpackt --fields data/hpack-static.txt --name-entry last \
	  --output-dir $(@D) data/hpack-names.in
$(GB)/switch.go: $(BB)/mkswitch data/HTTPHeaderNames.in
	@mkdir -p $(@D)
	$(BB)/mkswitch --go data/HTTPHeaderNames.in > $@.tmp && mv $@.tmp $@
$(GB)/bench-go: tests/bench/go/main.go tests/bench/go/core.go tests/bench/core.c tests/bench/core.h \
  $(GB)/switch.go $(GB)/hhn/hhn.go $(GB)/hpackt/hpackt.go
	@sh tools/need.sh bench-go $(GO):golang-go
	cp tests/bench/go/main.go tests/bench/go/core.go tests/bench/core.c tests/bench/core.h $(GB)/
	printf 'module benchgo\n\ngo 1.18\n' > $(GB)/go.mod
	cd $(GB) && $(GO) vet . && $(GO) build -o bench-go .
bench-go: $(GB)/bench-go $(TRAFFIC_MADE) $(if $(filter $(B)/traffic,$(FIELDS_TRAFFIC)),$(STREAMS)) ## time the Go package (--go) against a map[string] and a switch (names of TRAFFIC), and its HPACK match against x/net's two maps (pairs of FIELDS_TRAFFIC), by GO
	$(BENCH_RUN)$(GB)/bench-go $(TRAFFIC) $(FIELDS_TRAFFIC)

# The JavaScript module (tests/bench/js/bench.js): hhn-gen --js's of JS_LIST (by default
# undici's well-known names where ../shared has them) against a ternary tree of the same names
# walked as undici walks its own, and a Map of them in lowercase, on the names of TRAFFIC, by
# NODE, in JS_PROCESSES processes (the median and the range over them).
JS_PROCESSES ?= 15
JS_LIST ?= $(firstword $(wildcard ../shared/data/lists/undici-wellknown.txt) data/HTTPHeaderNames.in)
JB := $(BB)/js
$(JB)/names.js: $(B)/hhn-gen $(JS_LIST) | need-gperf
	@mkdir -p $(@D)
	$(B)/hhn-gen --quiet --js --prefix names --output-dir $(@D) $(JS_LIST)
.PHONY: bench-js
bench-js: $(JB)/names.js $(TRAFFIC_MADE) ## time the JavaScript module (--js) of JS_LIST against undici's ternary tree and a Map (names of TRAFFIC, Buffers and strings), by NODE, in JS_PROCESSES processes
	@sh tools/need.sh bench-js $(NODE):nodejs
	$(BENCH_RUN)$(NODE) tests/bench/js/bench.js --processes $(JS_PROCESSES) $(JB)/names.js $(JS_LIST) \
	  $(TRAFFIC)/h1-names.txt $(TRAFFIC)/h2-names.txt

# findHTTPHeaderName as WebKit calls it (tests/bench/webkit.cpp): hhn-gen --webkit's files of
# LIST against the tables gperf makes of their HTTPHeaderNames.gperf, with WebKit's options and
# with its own key positions (and comparing the length first, -l), each in a translation unit of its own, through tests/webkit's
# StringView; by CXX (CXX=clang++ times clang's build), with WEBKIT_FLAGS (-DHHN_NO_AVX512: the
# lookups of CPUs without AVX-512). Rebuilt each run, so that CXX and the flags are what it says.
WB           := $(BB)/webkit
WEBKIT_FLAGS ?=
WEBKIT_CXX    = $(CXX) -std=c++20 -O2 -DNDEBUG -Itests/webkit -Itests/bench -I$(WB) $(WEBKIT_FLAGS)
.PHONY: bench-webkit webkit-force bench-instr-webkit
webkit-force:
$(WB)/bench-webkit: tests/bench/webkit.cpp tests/bench/webkit_none.cpp $(BB)/core.o $(B)/hhn-gen webkit-force | need-gperf
	@mkdir -p $(@D)
	$(B)/hhn-gen --quiet --webkit --output-dir $(@D) $(LIST)
	cd $(@D) && $(GPERF) --key-positions='*' -D -n -s 2 HTTPHeaderNames.gperf --output-file=star.cpp
	cd $(@D) && $(GPERF) -D -s 2 HTTPHeaderNames.gperf --output-file=own.cpp
	cd $(@D) && $(GPERF) -D -s 2 -l HTTPHeaderNames.gperf --output-file=ownl.cpp
	$(WEBKIT_CXX) -w -DfindHTTPHeaderName=findStar -DhttpHeaderNameString=stringStar -DHTTPHeaderNamesHash=StarHash -c $(@D)/star.cpp -o $(@D)/star.o
	$(WEBKIT_CXX) -w -DfindHTTPHeaderName=findOwn -DhttpHeaderNameString=stringOwn -DHTTPHeaderNamesHash=OwnHash -c $(@D)/own.cpp -o $(@D)/own.o
	$(WEBKIT_CXX) -w -DfindHTTPHeaderName=findOwnL -DhttpHeaderNameString=stringOwnL -DHTTPHeaderNamesHash=OwnLHash -c $(@D)/ownl.cpp -o $(@D)/ownl.o
	$(WEBKIT_CXX) tests/bench/webkit.cpp tests/bench/webkit_none.cpp $(@D)/HTTPHeaderNames.cpp \
	  $(@D)/star.o $(@D)/own.o $(@D)/ownl.o $(BB)/core.o -o $@
bench-webkit: $(WB)/bench-webkit $(TRAFFIC_MADE) ## findHTTPHeaderName as WebKit calls it: hhn-gen --webkit's against gperf's (WebKit's options, its own, length first), 8-bit and UTF-16, three processes
	@$(CXX) --version | head -n 1
	for i in 1 2 3; do $(BENCH_RUN)$(WB)/bench-webkit $(TRAFFIC)/h1-names.txt $(TRAFFIC)/h2-names.txt || exit 1; done
