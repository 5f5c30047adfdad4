/* emit_options.h: what a generated file says about itself and how it names things, as the command
   line asks (struct emit_options), for the emitter's drivers and its writer. */
#ifndef HHN_GEN_EMIT_OPTIONS_H
#define HHN_GEN_EMIT_OPTIONS_H

/* What the output says about itself, and how it names things. */
struct emit_options {
  const char *prefix;        /* of every identifier, e.g. "hhn"; the header is prefix.h */
  const char *command;       /* the command line that made the output, for its banner */
  const char *source;        /* the names list's file name (no folders), for its comments */
  int static_file;           /* --static: one file, P.c, to include where it is used; all static */
  const char *fields_source; /* --fields: the table's file name (no folders), for comments */
  int target_option;         /* the target's own option (its row's own_option) was given */
  const char *module_path;   /* where a user's code reaches the module (its row's path_option:
                                "mycrate::hhn"), which its docs' examples name; or NULL */
};

#endif
