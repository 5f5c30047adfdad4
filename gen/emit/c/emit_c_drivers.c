/* emit_c_drivers.c: the C target's drivers (see c.h): the header, the source, the test and the C++
   layer, each of which calls one output_* section per artifact, in order (emit_sections.h says
   where each is).

   What each section writes depends only on the plan (plan.h: the list, the table's plan with
   the hash's numbers, the static table's), which holds every number, byte and choice; text that
   varies is chosen from small tables by the plan's kind and case rule, and text that never varies
   is named template text. */
#include "c.h"

#include "emit_sections.h"
#include "render.h"
#include "table_idents.h"

int emit_header(FILE *f, const struct plan *p, const struct emit_options *o, struct diag *d) {
  struct emitter e;
  emit_start(&e, f, p, o, d);
  e.syntax = &c_syntax;
  e.own = table_idents_all();
  render_banner(&e);
  output_header_top(&e);
  output_macros(&e);
  output_ids(&e);
  output_declarations(&e);
  return emit_finish(&e);
}

/* Writes the header's part of one file (--static), after its first comment. */
static void one_file_header(struct emitter *e) {
  comment(e, "Its parameters and locals (name, len, s, t, ...) may share a name with a global "
             "of the file that includes it, which is no fault of either: -Wshadow is off until "
             "its end.");
  out(e, "#if defined(__GNUC__)\n#pragma GCC diagnostic push\n"
         "#pragma GCC diagnostic ignored \"-Wshadow\"\n#endif\n");
  output_header_top(e);
  output_macros(e);
  output_ids(e);
  output_declarations(e);
  out(e, "\n");
}

/* Writes the sections of the source, after its first comment (and, in one file, the header's
   part). */
static void source_sections(struct emitter *e) {
  if (e->o->static_file)
    one_file_header(e);
  output_description(e);
  output_map(e);
  output_includes(e);
  if (e->l->path.vector)
    output_vector_guard(e);
  output_tables(e);
  output_helpers(e);
  output_hash(e);
  output_rares(e);
  output_pieces(e);
  output_portables(e);
  output_portable16(e);
  if (e->l->path.vector) {
    output_vector_lookups(e);
    output_dispatch(e);
  }
  output_lookup16(e);
  output_classify(e);
  output_accessors(e);
  output_fields(e);
  if (e->o->static_file)
    output_undefs(e);
}

void c_static_table(struct emitter *e) {
  const struct table_ident_list *was = e->own;
  const struct syntax *was_syntax = e->syntax;
  if (!e->o->static_file)
    return emit_internal(e, "the C table of another file is not one file (--static)");
  e->own = table_idents_all(), e->syntax = &c_syntax; /* its items as C spells them */
  source_sections(e);
  e->own = was, e->syntax = was_syntax;
}

int emit_test_program(FILE *f, const struct plan *p, const struct emit_options *o, struct diag *d) {
  struct emitter e;
  emit_start(&e, f, p, o, d);
  e.syntax = &c_syntax;
  e.own = table_idents_all();
  render_banner(&e);
  output_test_top(&e);
  output_test_data(&e);
  return emit_finish(&e);
}

int emit_cxx(FILE *f, const struct plan *p, const struct emit_options *o, struct diag *d) {
  struct emitter e;
  emit_start(&e, f, p, o, d);
  e.syntax = &c_syntax;
  e.own = table_idents_all();
  render_banner(&e);
  output_cxx(&e);
  return emit_finish(&e);
}

int emit_source(FILE *f, const struct plan *p, const struct emit_options *o, struct diag *d) {
  struct emitter e;
  emit_start(&e, f, p, o, d);
  e.syntax = &c_syntax;
  e.own = table_idents_all();
  render_banner(&e);
  if (o->static_file)
    comment(&e,
            "@p.c: ids for the names of %s, their lookups and names, in one file to #include "
            "in the one file that uses them (hhn-gen --static): every function is static, and "
            "every name of the table's own begins with @p_ or @P_.",
            o->source);
  else
    comment(&e, "@p.c: lookups and names for the ids of @p.h; a perfect hash table.");
  source_sections(&e);
  return emit_finish(&e);
}
