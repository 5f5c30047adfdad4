/* fieldmatch.h: the plan of a static table's match (hhn-gen --fields): for each name's id, its
   first entry, its entries (grouped by name, so that the match scans its own alone) and the
   lengths of their values (one bit each, which ends most matches before a scan); and the pool
   of values. */
#ifndef HHN_GEN_FIELDMATCH_H
#define HHN_GEN_FIELDMATCH_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "fields.h"
#include "names.h"

/* The bit of the value lengths' mask for a value of n bytes: n, or the last for any longer. */
#define FIELDMATCH_LONG 63

/* The tables the generated match reads, each id's indexed by id (below the list's id_limit). */
struct fieldmatch {
  int name_last;       /* a match of a name alone answers the name's last entry (--name-entry
                          last, as x/net's HPACK does), not its first (as nghttp2's does) */
  int16_t *first;      /* for each id: the entry of its name that a match of the name alone
                          answers (its first, or with name_last its last), or -1 */
  uint16_t *count;     /* for each id: how many entries have its name */
  uint16_t *start;     /* for each id: where its entries begin in order */
  uint64_t *lens;      /* for each id: bit fieldmatch_bit(n) of each value length n of its own */
  uint16_t *order;     /* the entries, by id, then value length, then index */
  long *id;            /* for each entry, its name's id */
  size_t *offset;      /* for each entry, where its value begins in the pool */
  unsigned char *pool; /* the values, each once */
  size_t pool_size;
};

/* The bit of a value of n bytes in an id's lens. */
unsigned fieldmatch_bit(size_t n);

/* Plans the match of f's entries, whose names list is list (fields_bind done), a name alone
   answering its last entry if name_last, else its first. Returns 0, or -1 with d set (out of
   memory). */
int fieldmatch_plan(struct fieldmatch *p, const struct fields *f, const struct names *list,
                    int name_last, struct diag *d);

/* Frees what fieldmatch_plan allocated; *p becomes empty. */
void fieldmatch_free(struct fieldmatch *p);

#endif
