/* layout.h: the plan of a generated table: every size and choice its output depends on, worked
   out from the names and the hash before a byte is written. */
#ifndef HHN_GEN_LAYOUT_H
#define HHN_GEN_LAYOUT_H

#include <stddef.h>

#include "diag.h"
#include "hashfn.h"
#include "names.h"

#define LAYOUT_PIECE 4       /* bytes of a piece of the common path's compare */
#define LAYOUT_VECTOR_MAX 32 /* the longest name that lookup_avx512 takes: a vector's bytes */
#define LAYOUT_VSLOT 64      /* bytes of a slot of the vector table */
#define LAYOUT_VSHIFT 6      /* log2 of LAYOUT_VSLOT */

/* The lookups a table has. Every table has lookup16 and the accessors. */
struct paths {
  int common; /* names of `lo` bytes or more: the four-piece compare (no branch on the length) */
  int rare;   /* names under LAYOUT_PIECE bytes, byte by byte: lookup_rare (with common) or the
                 whole lookup (without) */
  int vector; /* lookup_avx512 for names of min to vhi bytes, chosen when the program loads */
  int words;  /* names over 16 bytes: the common path loops over the 8-byte words between */
};

/* The plan of a table. */
struct layout {
  size_t n, min, max; /* names, and the shortest and longest name's length */
  struct paths path;
  size_t lo;         /* the shortest name the common path takes */
  size_t vhi;        /* the longest name in the vector table */
  size_t slots;      /* slots of each table: a power of two above the largest hash */
  int nasso;         /* associated values that the hash indexes */
  unsigned asso_top; /* the largest of them */
  int per_length;    /* the hash reads lens[len].at */
  int lens;          /* there is a per-length table: for per_length, or the common path's p, q */
  size_t width;      /* bytes of a slot's lower[] and mask[]: the longest name, in words */
  size_t slot_size;  /* bytes of a slot's fields: the length, the id, lower[] and mask[] */
  size_t stride;     /* bytes from one slot to the next: a power of two, so a hash is an offset */
  int shift;         /* log2(stride): the associated values are stored times the stride */
  size_t id_bytes;   /* bytes of an id in a vector slot: 1, or 2 for over 256 names */
  long *slot_id;     /* the id in each slot of the portable table, or -1 */
  long *vslot_id;    /* the id in each slot of the vector table, or -1 (when path.vector) */
};

/* Plans the table of the list for the hash h (checked by hashfn_check). Returns 0, or -1 with
   d set; call layout_free either way. */
int layout_plan(struct layout *l, const struct names *list, const struct hashfn *h, struct diag *d);

/* Frees what layout_plan allocated. */
void layout_free(struct layout *l);

/* Whether a slot holds a name of len bytes packed: its first 4 bytes, then its last 4, the
   two pieces that the compare reads of a name of 4 to 7 bytes. */
int layout_packed(size_t len);

#endif
