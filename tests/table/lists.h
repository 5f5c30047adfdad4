/* lists.h: names lists as the tests read them, and the reference lookup over a list. */
#ifndef HHN_TESTS_LISTS_H
#define HHN_TESTS_LISTS_H

#include <stddef.h>
#include <stdint.h>

/* The names of one list file, in order, and an index of them by a hash of their folded bytes
   (slot holds the index of the first name of each spelling, plus 1, or 0). */
struct list {
  char **name;
  size_t *len;
  long *id; /* each name's id: its line's id=N, or the one before it plus one (0 first) */
  size_t n;
  size_t *slot, slots;
};

/* Reads the names of path: for a .csv file the first field of each line after the header,
   else the first blank-separated word of each line ('//' comment lines skipped), which is
   the name in a names list with attributes and in a name<TAB>value table; and each name's id,
   from an id=N after it on its line, or the id before it plus one. Returns 0, or -1 if the
   file cannot be read. */
int list_read(struct list *l, const char *path);

/* Appends a copy of s[0..len), of the given id, to l; returns 0, or -1 when out of memory. */
int list_add(struct list *l, const char *s, size_t len, long id);

/* Frees the names of l; l becomes empty. */
void list_free(struct list *l);

/* The reference lookup: the id of the first name of l equal to s[0..len) when only the
   letters A-Z fold to a-z, or -1: the folded bytes' hash, then a byte-by-byte compare. */
int ref_lookup(const struct list *l, const unsigned char *s, size_t len);

/* The reference of the lookup of a lowercase spelling: -1 if s has a letter A-Z, else as
   ref_lookup (which, for s with no uppercase letter, finds the name whose lowercase is s). */
int ref_lookup_lower(const struct list *l, const unsigned char *s, size_t len);

/* The same on UTF-16 units: -1 if a unit is above 0x7F, else as ref_lookup (ref_lookup_lower
   for ref_lookup16_lower). */
int ref_lookup16(const struct list *l, const uint16_t *s, size_t len);
int ref_lookup16_lower(const struct list *l, const uint16_t *s, size_t len);

/* What a classification gives s[0..len), whose reference lookup gave id: id if it is not -1;
   else -2 if s is no token of RFC 9110 (empty, or a byte other than a tchar); -3 if it has an
   uppercase letter and lower is set; else -1. */
int ref_classify(const unsigned char *s, size_t len, int id, int lower);

#endif
