/* rust_sections.h: the Rust target's sections of P.rs, each an output_rust_* function that its
   drivers (emit_rust_drivers.c) call in order with the render layer's (render.h): emit_rust.c
   (the ids' accessors, the lookups), emit_rust_tables.c (the order of the tables, and the
   fields'); and its syntax file (rust_syntax.c), how Rust spells the render layer's items and
   its identifier rules. P_test.rs is the render layer's (render_test), around test.rs.in. */
#ifndef HHN_GEN_RUST_SECTIONS_H
#define HHN_GEN_RUST_SECTIONS_H

#include "render.h"
#include "words.h"

/* The language's syntax (its syntax file), which the render layer writes its items in. */
extern const struct syntax rust_syntax;

/* Its identifier rules (in its syntax file). */
extern const struct word_rules rust_words;

/* The sections, in the order the drivers call them. */
void output_rust_ids(struct emitter *e);
void output_rust_accessors(struct emitter *e);
void output_rust_lookups(struct emitter *e);
void output_rust_tables(struct emitter *e);
void output_rust_fields(struct emitter *e);

/* Writes the head of an item of the Rust module: its doc comment (if doc is not NULL), the
   allowance of dead code that every item carries (and of lints, if not NULL), and, for a table,
   rustfmt's skip; then fmt, printf-style ("static NAME: [T; N] = [") (emit_rust.c). */
void rust_item(struct emitter *e, const char *doc, const char *lints, int table, const char *fmt,
               ...) __attribute__((format(printf, 5, 6)));

#endif
