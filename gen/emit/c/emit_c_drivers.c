/* emit_c_drivers.c: the C target's drivers (see c.h): the header, the source, the test and the C++
   layer, each of which calls one output_* section per artifact, in order (emit_sections.h says
   where each is).

   What each section writes depends only on the plan (plan.h: the list, the table's plan with
   the hash's numbers, the static table's), which holds every number, byte and choice; text that
   varies is chosen from small tables by the plan's kind and case rule, and text that never varies
   is named template text. */
#include "c.h"

#include "emit_sections.h"
#include "own.h"

int emit_header(FILE *f, const struct plan *p, const struct emit_options *o, struct diag *d) {
  struct emitter e;
  emit_start(&e, f, p, o, d);
  e.own = own_all();
  output_banner(&e);
  output_header_top(&e);
  output_macros(&e);
  output_ids(&e);
  output_declarations(&e);
  return emit_finish(&e);
}

/* Writes the sections of the source (and, in one file, of the header before them), then tail
   if it is not NULL; returns what emit_source does. */
static int emit_sections(FILE *f, const struct plan *p, const struct emit_options *o,
                         struct diag *d, void (*tail)(struct emitter *)) {
  struct emitter e;
  emit_start(&e, f, p, o, d);
  e.own = own_all();
  output_banner(&e);
  if (o->one_file) { /* the header's part first */
    comment(&e,
            "@p.c: ids for the names of %s, their lookups and names, in one file to #include "
            "in the one file that uses them (hhn-gen --static): every function is static, and "
            "every name of the table's own begins with @p_ or @P_.",
            o->source);
    comment(&e, "Its parameters and locals (name, len, s, t, ...) may share a name with a global "
                "of the file that includes it, which is no fault of either: -Wshadow is off "
                "until its end.");
    out(&e, "#if defined(__GNUC__)\n#pragma GCC diagnostic push\n"
            "#pragma GCC diagnostic ignored \"-Wshadow\"\n#endif\n");
    output_header_top(&e);
    output_macros(&e);
    output_ids(&e);
    output_declarations(&e);
    out(&e, "\n");
  } else {
    comment(&e, "@p.c: lookups and names for the ids of @p.h; a perfect hash table.");
  }
  output_description(&e);
  output_map(&e);
  output_includes(&e);
  if (e.l->path.vector)
    output_vector_guard(&e);
  output_tables(&e);
  output_helpers(&e);
  output_hash(&e);
  output_rares(&e);
  output_pieces(&e);
  output_portables(&e);
  output_portable16(&e);
  if (e.l->path.vector) {
    output_vector_lookups(&e);
    output_dispatch(&e);
  }
  output_lookup16(&e);
  output_classify(&e);
  output_accessors(&e);
  output_fields(&e);
  if (tail != NULL)
    tail(&e);
  return emit_finish(&e);
}

int emit_test(FILE *f, const struct plan *p, const struct emit_options *o, struct diag *d) {
  struct emitter e;
  emit_start(&e, f, p, o, d);
  e.own = own_all();
  output_banner(&e);
  output_test_top(&e);
  output_test_fields(&e);
  output_test_data(&e);
  return emit_finish(&e);
}

int emit_cxx(FILE *f, const struct plan *p, const struct emit_options *o, struct diag *d) {
  struct emitter e;
  emit_start(&e, f, p, o, d);
  e.own = own_all();
  output_banner(&e);
  output_cxx(&e);
  return emit_finish(&e);
}

int emit_source(FILE *f, const struct plan *p, const struct emit_options *o, struct diag *d) {
  return emit_sections(f, p, o, d, o->one_file ? output_undefs : NULL);
}
