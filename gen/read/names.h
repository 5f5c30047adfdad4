/* names.h: reading and checking a names list for hhn-gen. */
#ifndef HHN_GEN_NAMES_H
#define HHN_GEN_NAMES_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "ascii.h"

#define NAMES_MAX_LENGTH 255  /* longest name a list may hold, in bytes */
#define NAMES_MAX_COUNT 32767 /* most names a list may hold (ids fit a short) */
#define NAMES_MAX_FLAGS 32    /* most flag words a list may use (they fit a uint32_t) */
#define NAMES_MAX_KEYS 16     /* most attribute keys (key=number) a list may use */
#define NAMES_MAX_WORD 32     /* longest flag word or key, in bytes */
#define NAMES_MAX_VALUE 2147483647L
#define NAMES_MAX_ID 65535L     /* the largest id a list may give a name (id=N) */
#define NAMES_MAX_FILE 16777216 /* the largest file hhn-gen reads: a list, a table of fields */
#define NAMES_MAX_SPELLINGS 4   /* most keys of spellings (KEY=Word) a list may use */

/* One name of a list, with the line it came from and its id's identifier. */
struct name {
  char text[NAMES_MAX_LENGTH + 1]; /* as spelled in the list, NUL-terminated */
  size_t len;
  int line;
  char *ident; /* id identifier without its prefix, e.g. CONTENT_TYPE; set by idents_make (idents.h)
                */
  int plain;   /* the run's target spells it as its id identifier is, not in its own way (another
                  name's would be the same); set by the target's identifier rules (targets.h) */
  char *word;  /* its identifier in the run's target (a Rust variant, a Go constant), made once by
                  the target's rules (idents_unique); NULL for C, whose is ident */
  char spelling[NAMES_MAX_SPELLINGS][NAMES_MAX_WORD + 1]; /* the line's KEY=Word, by the list's
                                                             spelling keys; "" if none */
  unsigned long flags;       /* bit i: the list's flag word i is on this line */
  long attr[NAMES_MAX_KEYS]; /* the value of the list's key i on this line, or -1 */
  long id;      /* its id: the line's id=N, or, as in a C enum, the id before it plus one */
  int id_given; /* the line gave it (id=N) */
};

/* A names list, in the list's order: v[i] is the name on the i-th line that has one. */
struct names {
  const char *file; /* the list's path, for error messages (not owned) */
  struct name *v;
  size_t n;
  char flag[NAMES_MAX_FLAGS][NAMES_MAX_WORD + 1]; /* flag words, in order of first use */
  int nflags;
  char key[NAMES_MAX_KEYS][NAMES_MAX_WORD + 1]; /* attribute keys, in order of first use */
  int nkeys;
  /* the keys of spellings (KEY=Word: a name's identifier in the target that KEY names), in order
     of first use, and the line of each's first */
  char spelling_key[NAMES_MAX_SPELLINGS][NAMES_MAX_WORD + 1];
  int spelling_line[NAMES_MAX_SPELLINGS];
  int nspellings;
  long id_limit; /* the largest id plus one */
};

/* Parses the list in text[0..size) into *out; file names it in error messages. A line holds
   a name, then optionally attributes separated by blanks: flag words ([a-z][a-z0-9-]*) and
   key=number, among them id=N, the name's id (0 to NAMES_MAX_ID; without one, the id before
   it plus one, and 0 for the first), KEY=Word, a spelling of the name for a target (a letter,
   then letters, digits and '_'), and optionally a trailing // comment. No two names may
   have one id. Reports every error to err as
   "file:line: error: ..." and returns the number of errors (0: *out is valid). Call
   names_free on *out either way. */
int names_parse(struct names *out, const char *file, const char *text, size_t size, FILE *err);

/* The list's spelling of name i under key (KEY=Word: "KEY"), or "" if it has none. */
static inline const char *names_spelling(const struct names *list, size_t i, const char *key) {
  for (int k = 0; k < list->nspellings; k++)
    if (strcmp(list->spelling_key[k], key) == 0)
      return list->v[i].spelling[k];
  return "";
}

/* The first flag word of the list that one name alone has (*name: which), in a list of more
   than one name, or -1: what "X custom", meant as one name, reads as. */
int names_lonely_flag(const struct names *list, size_t *name);

/* How the errors name the file at path: "<stdin>" for "-", which is standard input. */
const char *names_file_label(const char *path);

/* Reads the whole file at path ("-": standard input), of at most NAMES_MAX_FILE bytes, into
   *text (malloc'd, *size bytes; the caller frees it);
   returns 0, or 1 after reporting why it cannot ("hhn-gen: error: cannot open '...': ..."). */
int names_read_text(const char *path, char **text, size_t *size, FILE *err);

/* Reads and parses the file at path; an unreadable file is one error. Same result as names_parse.
 */
int names_read_file(struct names *out, const char *path, FILE *err);

/* Puts the names in the order of their bytes (strcmp's, which is Python's sort of ASCII text:
   "DNT" before "Date") and gives them ids in that order, 0 for the first; `why` says whom for.
   Returns 0, or the number of names whose line gave an id (id=N), each reported to err as
   "file:line: error: ...", which such an order cannot keep. */
int names_number_sorted(struct names *list, const char *why, FILE *err);

/* Stores the lengths of the shortest and the longest name of the list. */
void names_lengths(const struct names *list, size_t *min, size_t *max);

/* Frees what names_parse and idents_make allocated; *list becomes empty. */
void names_free(struct names *list);

#endif
