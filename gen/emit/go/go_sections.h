/* go_sections.h: the Go target's sections of P.go, each an output_go_* function that its
   drivers (emit_go_drivers.c) call in order with the render layer's (render.h): emit_go.c (the
   ids' accessors, the lookups), emit_go_tables.c (the order of the tables, and the fields');
   and its syntax file (go_syntax.c), how Go spells the render layer's items and its identifier
   rules. P_test.go is the render layer's (render_test), around test.go.in. */
#ifndef HHN_GEN_GO_SECTIONS_H
#define HHN_GEN_GO_SECTIONS_H

#include "render.h"
#include "words.h"

/* The language's syntax (its syntax file), which the render layer writes its items in. */
extern const struct syntax go_syntax;

/* Its identifier rules (in its syntax file). */
extern const struct word_rules go_words;

/* The sections, in the order the drivers call them. */
void output_go_ids(struct emitter *e);
void output_go_lookups(struct emitter *e);
void output_go_tables(struct emitter *e);
void output_go_fields(struct emitter *e);

/* The two types a typed section is written for (go_typed). */
enum go_type { GO_BYTES, GO_STRING };

/* Writes text, a typed section of table.go.in, for type t: "@T" the type, "@S" the helpers'
   suffix, "@F" the public functions'; and "@N" name, "@B" fold ("true", "false"), for a
   lookup's section (emit_go.c). */
void go_typed(struct emitter *e, const char *text, enum go_type t, const char *name,
              const char *fold);

#endif
