/* emit_go_drivers.c: the Go target's drivers (see emit.h): the package and its test, each of
   which calls one output_go_* section per artifact, in order (go_sections.h says where each
   is), from the plan alone. */
#include "go.h"
#include "go_sections.h"

int emit_go(FILE *f, const struct plan *p, const struct emit_options *o, struct diag *d) {
  struct emitter e;
  emit_start(&e, f, p, o, d);
  e.syntax = &go_syntax;
  render_top(&e);
  output_go_ids(&e);
  output_go_lookups(&e);
  output_go_tables(&e);
  output_go_fields(&e);
  return emit_finish(&e);
}

int emit_go_test(FILE *f, const struct plan *p, const struct emit_options *o, struct diag *d) {
  struct emitter e;
  emit_start(&e, f, p, o, d);
  e.syntax = &go_syntax;
  render_test(&e);
  return emit_finish(&e);
}

const char go_help[] =
    "  --go                 write DIR/P.go in place of P.h and P.c: the same table as a Go\n"
    "                       package P of its own, for Go 1.18 and later, no unsafe and no\n"
    "                       import: type Id, Lookup, LookupString, LookupLower, Classify,\n"
    "                       Id.Name, ...; with --fields, MatchField and its kin; with --test,\n"
    "                       DIR/P_test.go (go test, and FuzzLookup). A name's constant is\n"
    "                       its go=Word, else its C id in CamelCase (CONTENT_TYPE:\n"
    "                       ContentType; two that meet keep their C ids)\n";
