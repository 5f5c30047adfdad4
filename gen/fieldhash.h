/* fieldhash.h: the plan of a static table's value lookup (hhn-gen --fields): a hash of an
   entry's name's id and a few bytes of its value to a slot, each slot the head of a chain of
   entries (of one entry, for the tables a search makes perfect), and what else the lookup
   reads: each id's first entry and the pool of values. */
#ifndef HHN_GEN_FIELDHASH_H
#define HHN_GEN_FIELDHASH_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "fields.h"
#include "names.h"

/* The tables the generated lookup reads, and the numbers of its hash. */
struct fieldhash {
  uint64_t mul;        /* the hash: (key * mul) >> (64 - bits), key as fieldhash_key makes it */
  int bits;            /* 1 << bits slots */
  uint16_t *slot;      /* for each slot, 1 + the first entry of its chain, or 0 */
  uint16_t *next;      /* for each entry, 1 + the next entry of its slot's chain, or 0 */
  int16_t *first;      /* for each id below the list's id_limit: its name's first entry, or -1 */
  int16_t *empty;      /* for each id: the entry of its name and an empty value, or -1 */
  uint16_t *longest;   /* for each id: the longest value of an entry of its name (0: none) */
  long *id;            /* for each entry, its name's id */
  size_t *offset;      /* for each entry, where its value begins in the pool */
  unsigned char *pool; /* the values, each once */
  size_t pool_size;
  size_t chained; /* entries that are not the first of their slot's chain */
};

/* The key of a value v[0..n) under the name of id: the id, the length and, if n > 0, the
   first, middle (v[n / 2]) and last bytes, in that order from the lowest bits (the generated
   lookup computes it the same way). */
uint64_t fieldhash_key(long id, const unsigned char *v, size_t n);

/* Plans the lookup of f's entries, whose names list is list (fields_bind done): searches for
   the multiplier, among 1,000 a size, of the fewest chained entries in the fewest slots (2 to
   16 a entry). Returns 0, or -1 with d set (out of memory). */
int fieldhash_plan(struct fieldhash *p, const struct fields *f, const struct names *list,
                   struct diag *d);

/* Frees what fieldhash_plan allocated; *p becomes empty. */
void fieldhash_free(struct fieldhash *p);

#endif
