/* emit.h: writing a generated table's files from its plan (plan.h), one driver a file; each
   returns 0, the errno of the first write that failed, or -1 with d set for a number that does
   not fit the type the plan chose for it (the generator's bug). */
#ifndef HHN_GEN_EMIT_H
#define HHN_GEN_EMIT_H

#include <stdio.h>

#include "diag.h"
#include "emit_options.h"
#include "plan.h"

/* The type of every driver: writes p's file to f, as o asks. */
typedef int emit_fn(FILE *f, const struct plan *p, const struct emit_options *o, struct diag *d);

/* P.h: the id enum, the count and length macros, the function declarations. */
emit_fn emit_header;

/* P.c: the hash, the tables, the lookups and the accessors; with o->one_file, the header's
   part too, before them, all static, and every identifier of the table's own prefixed
   (own.h). */
emit_fn emit_source;

/* P_test.c (--test): the tests of the table against a plain reference holding the list, a
   program of its own or, with -DHHN_FUZZ, a fuzz target. */
emit_fn emit_test;

/* P.hpp (--cxx): a header-only C++17 layer over P.h. */
emit_fn emit_cxx;

/* P.rs (--rust): the table as a Rust module of its own. */
emit_fn emit_rust;

/* P_test.rs (--rust --test): the Rust module's tests against a plain reference, for
   rustc --test. */
emit_fn emit_rust_test;

#endif
