/* emit_rust_drivers.c: the Rust target's drivers (see emit.h): the module and its test, each of
   which calls one output_rust_* section per artifact, in order (emit_sections.h says where each
   is), from the plan alone. */
#include "emit.h"
#include "emit_sections.h"

int emit_rust(FILE *f, const struct plan *p, const struct emit_options *o, struct diag *d) {
  struct emitter e;
  emit_start(&e, f, p, o, d);
  output_rust_top(&e);
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
  output_rust_test(&e);
  return emit_finish(&e);
}
