/* rust.h: the Rust target (--rust) as its row of targets.c sees it, all in its syntax file
   (rust_syntax.c): its syntax and the steps of its files (render.h), its identifier rules
   (words.h) and its help. */
#ifndef HHN_GEN_RUST_H
#define HHN_GEN_RUST_H

#include "render.h"
#include "words.h"

/* How Rust spells the render layer's items. */
extern const struct syntax rust_syntax;

/* P.rs (--rust): the table as a Rust module of its own. */
extern const struct step rust_module[];

/* Its identifier rules. */
extern const struct word_rules rust_words;

/* With --bun-enum (the row that it picks, targets.c): the module with Bun's names of its enum
   (HeaderName, NAMES, from_index, classify), its test with their checks, and the variants
   named as --bun's enumerators are (WebKit's rule, words.h). */
extern const struct step rust_bun_module[], rust_bun_test[];
extern const struct word_rules rust_bun_words;

/* The option's lines of hhn-gen --help. */
extern const char rust_help[];

#endif
