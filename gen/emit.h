/* emit.h: writing a generated table's C header and source. */
#ifndef HHN_GEN_EMIT_H
#define HHN_GEN_EMIT_H

#include <stdio.h>

#include "hashfn.h"
#include "names.h"

/* What the output says about itself and how it names things. */
struct emit_options {
  const char *prefix;  /* of every identifier, e.g. "hhn"; the header is prefix.h */
  const char *command; /* the command line that made the output, for its banner */
  const char *source;  /* the names list's file name (no folders), for its comments */
};

/* Writes the header: the id enum, the count and length macros, the four function declarations.
   Returns 0, or -1 if writing to f failed. */
int emit_header(FILE *f, const struct names *list, const struct hashfn *h,
                const struct emit_options *o);

/* Writes the source: the hash, the slot and name tables, and the four functions. Returns 0, or
   -1 if writing to f failed. */
int emit_source(FILE *f, const struct names *list, const struct hashfn *h,
                const struct emit_options *o);

#endif
