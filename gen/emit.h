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

/* The enumerator of P.hpp for a name's C id (without its prefix), in buf of EMIT_CXX_WORD
   bytes: lowercase, '_' before a digit, '_' after a C++ keyword or a lowercase C macro. */
#define EMIT_CXX_WORD (2 * NAMES_MAX_LENGTH + 16)
const char *emit_cxx_enumerator(const char *ident, char *buf);

/* Reports to err, as file:line errors, each name whose C++ enumerator another name's is too;
   returns how many. */
int emit_cxx_check(const struct names *list, FILE *err);

#endif
