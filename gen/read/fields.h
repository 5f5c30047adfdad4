/* fields.h: reading and checking a static table of fields (hhn-gen --fields): its entries,
   each a name and a value, in index order, and each entry's name in the names list. */
#ifndef HHN_GEN_FIELDS_H
#define HHN_GEN_FIELDS_H

#include <stddef.h>
#include <stdio.h>

#include "names.h"

#define FIELDS_MAX_COUNT 32767   /* most entries a table may hold (indexes fit a short) */
#define FIELDS_MAX_VALUE 4096    /* longest value an entry may hold, in bytes */
#define FIELDS_MAX_BYTES 1048576 /* most bytes of values a table may hold, all its entries' */

/* One entry: its name and value (in the table's text, not NUL-terminated), its line, and its
   name's place in the names list (fields_bind). */
struct entry {
  const char *name, *value;
  size_t nlen, vlen;
  int line;
  size_t name_at; /* the index in the names list of the entry's name */
};

/* A static table, its entries in index order (the first is index 0). */
struct fields {
  const char *file; /* its path, for error messages (not owned) */
  char *text;       /* the file's bytes, which the entries point into */
  size_t size;
  struct entry *v;
  size_t n;
  size_t values; /* the bytes of its values */
};

/* Reads and parses the table at path: a line holds an entry's name (in lowercase, as HTTP/2
   and HTTP/3 send it), then a TAB and its value, or no TAB for an empty value; lines that
   start with "//" and blank lines are skipped. No two entries may be equal. Reports every
   error to err as "file:line: error: ..." and returns their number (0: *out is valid). Call
   fields_free on *out either way. */
int fields_read_file(struct fields *out, const char *path, FILE *err);

/* The same for the table in text[0..size), which file names in messages (copied: text may go
   when it returns). */
int fields_parse(struct fields *out, const char *file, const char *text, size_t size, FILE *err);

/* Makes *list the names list of f's names, in the order each first comes (ids from 0), for a
   run with no names file: names_parse's checks and messages, with f's file and lines. Returns
   names_parse's result; call names_free on *list either way. */
int fields_list(const struct fields *f, struct names *list, FILE *err);

/* Finds each entry's name in list (letters matched in either case); reports each that is not
   there as "file:line: error: ..." and returns the number of them. */
int fields_bind(struct fields *f, const struct names *list, FILE *err);

/* Frees what fields_read_file allocated; *f becomes empty. */
void fields_free(struct fields *f);

#endif
