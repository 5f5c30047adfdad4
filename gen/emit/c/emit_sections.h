/* emit_sections.h: the C target's sections (P.h, P.c, P_test.c, P.hpp), each an output_*
   function per artifact that its drivers (emit_c_drivers.c) call in order, and what the sections'
   files share. They are in emit_header.c (the header), emit_preamble.c (the description, the
   includes and the CPU guards), emit_tables.c (the table's type and data), emit_hash.c (the
   hash and the compare's helpers), emit_lookups.c (the rare and portable lookups, lookup16 and
   the accessors), emit_vector.c (the AVX-512 and AVX2 lookups and how one is picked),
   emit_classify.c (the check of a name's bytes, and the classifications), emit_fields.c (a
   static table of fields: P_field_lower and its tables, with --fields), emit_test_program.c
   (P_test.c) and emit_cxx.c (P.hpp); they write with the helpers of emit_text.h, around the fixed
   text of table.c.in and test.c.in, and the public functions' names and forms come from api.h. */
#ifndef HHN_GEN_EMIT_SECTIONS_H
#define HHN_GEN_EMIT_SECTIONS_H

#include "api.h"
#include "emit_text.h"

/* The UTF-16 vector lookup's page test, as its text after the length's (emit_vector.c). */
extern const char vector_page_test[];
/* The vector lookups' test of a length that a chain keeps from them (emit_vector.c). */
extern const char vector_chained_test[];

/* The sections, in the order the drivers call them (see each for what it writes), after the
   banner (render_banner, in c_syntax.c's spelling). */
void output_header_top(struct emitter *e);
void output_macros(struct emitter *e);
void output_ids(struct emitter *e);
void output_declarations(struct emitter *e);
void output_description(struct emitter *e);
void output_map(struct emitter *e);
void output_includes(struct emitter *e);
void output_vector_guard(struct emitter *e);
void output_tables(struct emitter *e);
void output_hash(struct emitter *e);
void output_helpers(struct emitter *e);
void output_rares(struct emitter *e);
void output_pieces(struct emitter *e);
void output_portables(struct emitter *e);
void output_vector_lookups(struct emitter *e);
void output_dispatch(struct emitter *e);
void output_portable16(struct emitter *e);
void output_lookup16(struct emitter *e);
void output_classify(struct emitter *e);
void output_accessors(struct emitter *e);
void output_test_top(struct emitter *e);
void output_test_data(struct emitter *e);
void output_cxx(struct emitter *e);
void output_field_declarations(struct emitter *e);
void output_fields(struct emitter *e);
void output_undefs(struct emitter *e);

/* Writes the public lookups of names, whose name parameter is unit (see emit_vector.c). */
void put_dispatch(struct emitter *e, const struct lookup_names *names, const char *fn, int declare,
                  const char *unit);

/* Writes the function of one case rule, head unit, size_t len), that calls the body of both,
   fn(arg, len, fold) (see emit_lookups.c). */
void put_rule(struct emitter *e, const char *head, const char *unit, const char *fn,
              const char *arg, enum match m);

/* Writes the declarations of what put_find_slot's lines assign, to open a function with. */
void put_find_decls(struct emitter *e);

/* Writes the lines that find the slot of s's hash (with hash_fn): the slot's offset h, and in
   a direct layout the index i of its length, id and offset, in an indexed one its record r. */
void put_find_slot(struct emitter *e, const char *hash_fn, const char *s);

/* The length and the id of the slot found (see put_find_slot), as C. */
const char *found_len(const struct emitter *e);
const char *found_id(const struct emitter *e);

/* Writes the end of a lookup once d is known, where s is the input: the id if d is 0, else
   P_UNKNOWN, or, where names are chained, the lookup of the chain (of units, if wide). */
void put_verdict(struct emitter *e, const char *s, int wide);

/* Writes the match of a field's bodies (field_rare, chained_slot, field_portable: the lookup's
   paths with field_at's answer), after the static table's types and field_at (emit_lookups.c). */
void output_field_bodies(struct emitter *e);

/* Writes fn(s, len, i, fold), of units of type unit, the walk of the names chained after slot
   i, which returns found (an expression of the slot i that s spells) or P_UNKNOWN (emit_hash.c). */
void put_chained(struct emitter *e, const char *fn, const char *unit, const char *found);

#endif
