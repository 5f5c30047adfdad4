/* emit.h: writing a generated table's C header and source from its plan. */
#ifndef HHN_GEN_EMIT_H
#define HHN_GEN_EMIT_H

#include <stdio.h>

#include "diag.h"
#include "emit_options.h"
#include "hashfn.h"
#include "layout.h"
#include "names.h"

/* Writes the header: the id enum, the count and length macros, the function declarations.
   Returns 0, the errno of the first write that failed, or -1 with d set for a number that
   does not fit the type the plan chose for it (the generator's bug). */
int emit_header(FILE *f, const struct names *list, const struct emit_options *o, struct diag *d);

/* Writes the source of the table that l plans for the list and h: the hash, the tables, the
   lookups and the accessors; with o->one_file, the header's part too, before them, all static,
   and every identifier of the table's own prefixed (own.h). Returns what emit_header does. */
int emit_source(FILE *f, const struct names *list, const struct hashfn *h, const struct layout *l,
                const struct emit_options *o, struct diag *d);

/* Writes P_test.c (--test): the tests of the table against a plain reference holding the
   list, a program of its own or, with -DHHN_FUZZ, a fuzz target. Returns what emit_header
   does. */
int emit_test(FILE *f, const struct names *list, const struct emit_options *o, struct diag *d);

/* Writes P.hpp (--cxx): a header-only C++17 layer over P.h. Returns what emit_header does. */
int emit_cxx(FILE *f, const struct names *list, const struct emit_options *o, struct diag *d);

/* Writes P.rs (--rust): the table as a Rust module of its own, from the same plan. Returns
   what emit_header does. */
int emit_rust(FILE *f, const struct names *list, const struct hashfn *h, const struct layout *l,
              const struct emit_options *o, struct diag *d);

/* Writes P_test.rs (--rust --test): the Rust module's tests against a plain reference, for
   rustc --test. Returns what emit_header does. */
int emit_rust_test(FILE *f, const struct names *list, const struct emit_options *o, struct diag *d);

#endif
