# rust.mk: the Rust target's toolchain and checks of its own, for tests/tables.mk's check-rust:
# every table's Rust module (hhn-gen --rust) that tests/tables.txt gives the variant rust, its
# own test by rustc --test and the module alone in a #![no_std] crate, warning-free
# (tests/targets/rust.sh); then so the checked-in lib/hhn.rs and the golden modules
# (tests/checks/rust.sh). By RUSTC (CI: Debian's 1.63, the oldest the output supports), and by
# clippy and rustfmt where they are.
RUSTC   ?= rustc
CLIPPY  ?= $(shell command -v clippy-driver 2>/dev/null)
RUSTFMT ?= $(shell command -v rustfmt 2>/dev/null)
rust_TOOLS = $(RUSTC):rustc
rust_SAYS  = $$($(RUSTC) --version)$(if $(CLIPPY), and $$($(CLIPPY) --version))
rust_ENV   = RUSTC="$(RUSTC)" CLIPPY="$(CLIPPY)" RUSTFMT="$(RUSTFMT)"
rust_OWN_CHECKS = $(rust_ENV) GPERF="$(GPERF)" sh tests/checks/rust.sh $(B)/rust-alone lib/hhn.rs \
  $(wildcard tests/golden/*/t.rs) && echo "check-rust: lib/hhn.rs and \
  $(words $(wildcard tests/golden/*/t.rs)) golden modules build alone, warning-free"
# make check runs the default table's module where rustc is; check-all every table's.
DEFAULT_TARGETS += $(if $(shell command -v $(RUSTC) 2>/dev/null),rust)
TARGET_CHECKS   += check-rust
check-rust: ## every table's Rust module (--rust) and its tests, by $(RUSTC) (and clippy and rustfmt where they are)
