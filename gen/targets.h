/* targets.h: hhn-gen's outputs as a table, one row a target language (C, the default; Rust;
   Go; WebKit's and Bun's C++): its files, the options it takes, its identifier rules and its help.
   main.c writes, publishes and checks for stale files by going over a row's files; it tests no
   language by name. */
#ifndef HHN_GEN_TARGETS_H
#define HHN_GEN_TARGETS_H

#include <stdio.h>

#include "emit.h"
#include "names.h"
#include "words.h"

/* When a target writes one of its files. */
enum written {
  WRITTEN_ALWAYS,    /* every run */
  WRITTEN_TWO_FILES, /* unless --static, which writes the table as one file */
  WRITTEN_TEST,      /* with --test */
  WRITTEN_CXX,       /* with --cxx */
};

/* One file of a target. */
struct target_file {
  const char *suffix; /* its name after the prefix: ".h", ".c", "_test.rs" */
  int header_dir;     /* in --header-dir's folder (else in --output-dir's) */
  enum written when;
  /* why a file of the run's target of this name, left by an earlier run, is stale when this
     run does not write it ("--static writes no header"); NULL: it never is */
  const char *stale;
  int own_list_kept; /* one of the same list is left alone without a word (a test: it fails if
                        the list has changed since) */
  emit_fn *emit;     /* its driver; or NULL, and the render layer writes its steps: */
  const struct syntax *syntax; /* in its language's syntax (render.h) */
  const struct step *steps;
  /* what its format needs before the banner, which then begins its second line ("%{\n" of a
     .gperf, whose banner is a comment of its code); NULL: the banner is its first line */
  const char *opener;
};

#define TARGET_FILES 4 /* most files a target writes */

/* One target language. */
struct target {
  const char *name;   /* as the errors say it: "Rust" */
  const char *option; /* the option that picks it ("--rust"); NULL for the default, C */
  const char *unit;   /* what the prefix names, for the errors: "a Rust module" */
  const char *banner; /* how its files' first line begins, which marks them as hhn-gen's */
  const char *help;   /* its option's lines of --help, or NULL */
  /* Its files, in the order they are put in place; files[table] is the table's, which the
     summary names first. A target takes --static if it has a file of WRITTEN_TWO_FILES,
     --cxx if one of WRITTEN_CXX, and --header-dir if one of its files goes there. */
  struct target_file files[TARGET_FILES];
  int nfiles, table;
  /* Its identifier rules: each name's word, and what may name its unit (words.h); NULL: the C
     ids, which every target has, and any C identifier as the prefix. */
  const struct word_rules *words;
  const char *prefix; /* the prefix unless --prefix gives one; NULL: hhn */
  int static_file;    /* its files hold the C table as --static writes it, with no option */
  /* NULL: the ids are the list's; else they are the names' sorted order (names.h), and this
     says whose, for an error of a list that gives one: "--webkit's files" */
  const char *sorted_ids;
  /* an option of its own, which takes no value ("--wtf-characters"): its steps see it given
     as the fact HAS_TARGET_OPTION (render.h), its help says it; NULL: none */
  const char *own_option;
  /* the row whose files a run given own_option writes in place of this one's (--rust
     --bun-enum: Bun's enum), whose own_option is the same; NULL: this one's */
  const struct target *own_row;
  const char *no_fields; /* why it refuses --fields, or NULL: it writes the fields' match */
  /* an option of its own that takes where a user's code reaches its module ("--rust-path
     mycrate::hhn"), identifiers joined by "::", which its docs' examples then name (the fact
     HAS_MODULE_PATH, a step's "$p"); NULL: none */
  const char *path_option;
  /* its word hash is word_product's 32-bit form (word.h), which its lookups compute: a language
     whose multiplies are 32-bit (JavaScript's Math.imul); 0: the 64-bit product */
  int narrow_word;
};

/* The targets, the default first; target_count of them. */
extern const struct target targets[];
extern const int target_count;

/* The first target whose own option is a, or NULL. */
const struct target *target_owning(const char *a);

/* Whether target t has a file written `when`, or (header_dir) one in --header-dir's folder. */
int target_has(const struct target *t, enum written when);
int target_uses_header_dir(const struct target *t);

/* Writes the targets to f, one a line, for scripts: its option's word, which names its folder
   and its tests (c for C, which has no option; rust, go, js), its option (- for C's), its
   files' suffixes and the options it takes of C's (--static, --cxx, --header-dir), each between
   commas (- for none). */
void targets_print(FILE *f);

/* Writes file w of a target to f, p's as o asks: 0, the errno of the first write that failed,
   or -1 with d set (emit.h). */
int target_write(const struct target_file *w, FILE *f, const struct plan *p,
                 const struct emit_options *o, struct diag *d);

#endif
