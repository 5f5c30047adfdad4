/* own.h: the identifiers that a table's source defines for itself (its tables, helpers,
   macros and constants): the one list of them, with the functions behind the public ones that
   api.c names, which the writer spells (with the prefix in one file, --static) and idents.c
   refuses as ids. */
#ifndef HHN_GEN_OWN_H
#define HHN_GEN_OWN_H

/* What an identifier of the table's own is, which says how one file spells it. */
enum own_kind {
  OWN_NAME,     /* a function, object, type or tag: P_name in one file */
  OWN_MACRO,    /* a macro: P_NAME in one file, undefined at its end */
  OWN_CONSTANT, /* an enum constant: P_NAME in one file */
};

struct own {
  const char *name;
  enum own_kind kind;
};

/* The table's own identifiers, and how many. */
extern const struct own own_idents[];
extern const int own_count;

/* The identifier of the table's own that is word[0..n), or NULL. */
const struct own *own_find(const char *word, unsigned long n);

#endif
