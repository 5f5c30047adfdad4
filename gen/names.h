/* names.h: reading and checking a names list for hhn-gen. */
#ifndef HHN_GEN_NAMES_H
#define HHN_GEN_NAMES_H

#include <stddef.h>
#include <stdio.h>

#define NAMES_MAX_LENGTH 255  /* longest name a list may hold, in bytes */
#define NAMES_MAX_COUNT 32767 /* most names a list may hold (ids fit a short) */

/* One name of a list, with the line it came from and its id's identifier. */
struct name {
  char text[NAMES_MAX_LENGTH + 1]; /* as spelled in the list, NUL-terminated */
  size_t len;
  int line;
  char *ident; /* id identifier without its prefix, e.g. CONTENT_TYPE; set by names_make_idents */
};

/* A names list: names[i] has id i. */
struct names {
  const char *file; /* the list's path, for error messages (not owned) */
  struct name *v;
  size_t n;
};

/* Parses the list in text[0..size) into *out; file names it in error messages. Reports every
   error to err as "file:line: error: ..." and returns the number of errors (0: *out is valid).
   Call names_free on *out either way. */
int names_parse(struct names *out, const char *file, const char *text, size_t size, FILE *err);

/* Reads and parses the file at path; an unreadable file is one error. Same result as names_parse.
 */
int names_read_file(struct names *out, const char *path, FILE *err);

/* Gives every name its id identifier: the name in uppercase, a leading ':' as PSEUDO_, and every
   other byte that is not a letter or digit as '_'. Reports identifiers that two names share or
   that clash with the macros a table defines (COUNT, ...), and returns the number of errors. */
int names_make_idents(struct names *list, FILE *err);

/* Frees what names_parse and names_make_idents allocated; *list becomes empty. */
void names_free(struct names *list);

/* Whether byte c is an RFC 9110 tchar: a letter, a digit or one of !#$%&'*+-.^_`|~. */
int names_is_tchar(unsigned char c);

#endif
