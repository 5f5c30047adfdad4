/* displace.h: hhn-gen's own values for a hash, for lists too big for gperf: random values for
   the terms, and a displacement for each bucket of names, found in time linear in the list. */
#ifndef HHN_GEN_DISPLACE_H
#define HHN_GEN_DISPLACE_H

#include "diag.h"
#include "hashfn.h"
#include "names.h"

#define DISPLACE_LOAD_PERCENT 80 /* at most this many names per 100 slots */
#define DISPLACE_BUCKET_SHIFT 2  /* 1 << this many slots per bucket (a displacement each) */
#define DISPLACE_SEEDS 64        /* most sets of values tried */

/* Makes a displaced hash of the list that reads the terms t[0..k) (at most
   HASHFN_DISPLACED_TERMS - 1 bytes; len_byte for a per-length one), whose synthetic keys tell
   the names apart: each term gets a table of 256 random 32-bit values (a letter's two cases
   alike), and each bucket a displacement. Returns 0, or -1 with the reason in d; the hash is
   not yet checked (hashfn_check). */
int displace_hash(const struct names *list, const struct term *t, int k,
                  const unsigned char *len_byte, enum hash_origin origin, struct hashfn *out,
                  struct diag *d);

#endif
