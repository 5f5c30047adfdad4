/* emit_rust_drivers.c: the Rust target's drivers (see emit.h): the module and its test, each of
   which calls one output_rust_* section per artifact, in order (rust_sections.h says where each
   is), from the plan alone. */
#include "rust.h"
#include "rust_sections.h"

int emit_rust(FILE *f, const struct plan *p, const struct emit_options *o, struct diag *d) {
  struct emitter e;
  emit_start(&e, f, p, o, d);
  e.syntax = &rust_syntax;
  render_top(&e);
  output_rust_ids(&e);
  output_rust_accessors(&e);
  output_rust_lookups(&e);
  output_rust_tables(&e);
  output_rust_fields(&e);
  return emit_finish(&e);
}

int emit_rust_test(FILE *f, const struct plan *p, const struct emit_options *o, struct diag *d) {
  struct emitter e;
  emit_start(&e, f, p, o, d);
  e.syntax = &rust_syntax;
  render_test(&e);
  return emit_finish(&e);
}

const char rust_help[] =
    "  --rust               write DIR/P.rs in place of P.h and P.c: the same table as a Rust\n"
    "                       module (mod P;) of core alone, for Rust 1.63 and later: enum Id,\n"
    "                       lookup, lookup_lower, classify, classify_lower, Id::name, ...;\n"
    "                       with --test, DIR/P_test.rs (rustc --test P_test.rs). A name's\n"
    "                       variant is its rust=Variant, else its C id in CamelCase\n"
    "                       (CONTENT_TYPE: ContentType; two that meet keep their C ids),\n"
    "                       after \"Name\" if it begins with a digit or is Self\n";
