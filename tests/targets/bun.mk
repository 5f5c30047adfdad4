# bun.mk: the Bun target's toolchain and checks of its own, for tests/tables.mk's check-bun:
# every table's Bun files (hhn-gen --bun) that tests/tables.txt gives the variant bun, tested as
# WebKit's and their X-macro header against the enum (tests/targets/bun.sh); then Bun's own list
# with its invariants, where SHARED holds it. The same toolchain as WebKit's; check-all runs it.
bun_TOOLS = $(CXX):g++ clang++:clang $(GPERF):gperf
bun_SAYS  = $$($(CXX) --version | head -n 1) and $$(clang++ --version | head -n 1)
bun_ENV   = RUSTC="$(RUSTC)" CLIPPY="$(CLIPPY)" RUSTFMT="$(RUSTFMT)"
BUN_LIST := $(wildcard $(SHARED)/data/lists/bun-names.txt)
bun_OWN_CHECKS = $(if $(BUN_LIST),CXX="$(CXX)" GPERF="$(GPERF)" RUSTC="$(RUSTC)" CLIPPY="$(CLIPPY)" RUSTFMT="$(RUSTFMT)" HHN_GEN=$(B)/hhn-gen sh tests/targets/bun.sh \
  --bun-list $(BUN_LIST) $(B)/bun-list && echo "check-bun: Bun's list ($(BUN_LIST)): its invariants hold",true)
TARGET_CHECKS += check-bun
check-bun: ## every table's Bun files (--bun), as WebKit's and their X-macro header against the enum
