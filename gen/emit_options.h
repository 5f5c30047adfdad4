/* emit_options.h: what a generated file says about itself, how it names things and what it
   holds besides the names, as the command line asks (struct emit_options), for the emitter's
   drivers and its writer. */
#ifndef HHN_GEN_EMIT_OPTIONS_H
#define HHN_GEN_EMIT_OPTIONS_H

struct fields;
struct fieldhash;

/* What the output says about itself, how it names things, and what else it holds. */
struct emit_options {
  const char *prefix;  /* of every identifier, e.g. "hhn"; the header is prefix.h */
  const char *command; /* the command line that made the output, for its banner */
  const char *source;  /* the names list's file name (no folders), for its comments */
  int one_file;        /* --static: one file, P.c, to include where it is used; all static */
  const struct fields *fields;       /* --fields: the static table of fields, or NULL */
  const struct fieldhash *fieldhash; /* its value lookup's plan (with fields) */
  const char *fields_source;         /* the table's file name (no folders), for comments */
};

#endif
