/* rust.h: the Rust target (--rust) as its row of targets.c sees it: its drivers and its
   identifier rules (words.h, in its syntax file). */
#ifndef HHN_GEN_RUST_H
#define HHN_GEN_RUST_H

#include "emit.h"
#include "words.h"

/* P.rs (--rust): the table as a Rust module of its own. */
emit_fn emit_rust;

/* P_test.rs (--rust --test): the Rust module's tests against a plain reference, for
   rustc --test. */
emit_fn emit_rust_test;

/* Its identifier rules. */
extern const struct word_rules rust_words;

/* The option's lines of hhn-gen --help. */
extern const char rust_help[];

#endif
