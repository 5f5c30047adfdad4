/* c.h: the C target (the default) as its row of targets.c sees it: its drivers. */
#ifndef HHN_GEN_C_H
#define HHN_GEN_C_H

#include "emit.h"
#include "emit_text.h"

/* P.h: the id enum, the count and length macros, the function declarations. */
emit_fn emit_header;

/* P.c: the hash, the tables, the lookups and the accessors; with o->static_file, the header's
   part too, before them, all static, and every identifier of the table's own prefixed
   (table_idents.h). */
emit_fn emit_source;

/* The table as C inside a file of another target (WebKit's P.cpp), as --static writes P.c
   after its first comment: the header's part, then the source's, every function static and
   every identifier of the table's own prefixed; e's options must be of one file. */
void c_static_table(struct emitter *e);

/* P_test.c (--test): the tests of the table against a plain reference holding the list, a
   program of its own or, with -DHHN_FUZZ, a fuzz target. */
emit_fn emit_test_program;

/* P.hpp (--cxx): a header-only C++17 layer over P.h. */
emit_fn emit_cxx;

/* How C spells the render layer's items that its drivers write through it (c_syntax.c); and
   the terms of the hash of UTF-16 units. */
extern const struct syntax c_syntax, c_units_syntax;

#endif
