/* targets.h: hhn-gen's outputs as a table, one row a target language (C, the default; Rust):
   its files, the options it refuses, its identifier rules and its drivers. main.c asks the
   row it was given; it tests no language by name. */
#ifndef HHN_GEN_TARGETS_H
#define HHN_GEN_TARGETS_H

#include <stdio.h>

#include "emit.h"
#include "names.h"

/* One target language. */
struct target {
  const char *name;   /* as the errors say it: "Rust" */
  const char *option; /* the option that picks it ("--rust"); NULL for the default, C */
  const char *unit;   /* what the prefix names, for the errors: "a Rust module" */
  const char *source; /* the table's file after the prefix: ".c", ".rs" */
  const char *test;   /* the test's (--test): "_test.c", "_test.rs" */
  const char *banner; /* how its files' first line begins, which marks them as hhn-gen's */
  const char *help;   /* its option's lines of --help, or NULL */
  int c_files;        /* writes P.h beside P.c (unless --static), and takes --static, --cxx and
                         --header-dir, which the others refuse */
  /* Why prefix cannot name its unit, or NULL if it can (NULL: any C identifier can). */
  const char *(*prefix_rule)(const char *prefix);
  /* Gives the list's names their identifiers in the language; 0, or 1 after reporting to err
     (NULL: the C ids, which every target has, are enough). */
  int (*idents)(struct names *list, FILE *err);
  /* The drivers: the table, its test; with c_files, the header (P.h) and the C++ layer (P.hpp) */
  emit_fn *emit_table, *emit_test, *emit_header, *emit_cxx;
};

/* The targets, the default first; TARGET_COUNT of them. */
#define TARGET_COUNT 3
extern const struct target targets[TARGET_COUNT];

#endif
