/* hashfn.h: the hash of a generated table, as read back from gperf's output, and its checks. */
#ifndef HHN_GEN_HASHFN_H
#define HHN_GEN_HASHFN_H

#include <stdio.h>

#include "names.h"

#define HASHFN_MAX_POSITIONS 64
#define HASHFN_LAST (-1) /* a position that stands for the name's last byte (gperf's '$') */
#define HASHFN_MAX_ASSO 512

/* hash(s, len) = len + the sum over positions i with pos[i] < len (or pos[i] == HASHFN_LAST)
   of asso[byte at pos[i] + inc[i]], as gperf computes it. */
struct hashfn {
  int npos;
  int pos[HASHFN_MAX_POSITIONS]; /* 0-based byte index, or HASHFN_LAST */
  int inc[HASHFN_MAX_POSITIONS]; /* gperf's alpha_inc for that position, usually 0 */
  unsigned asso[HASHFN_MAX_ASSO];
  int nasso;
  unsigned max_hash; /* the largest hash of a name in the list, once hashfn_check passed */
};

/* Runs gperf on the list (with --key-positions=key_positions unless it is NULL) and reads its
   hash back into *out. gperf is $GPERF, or gperf on PATH. Reports failures to err as
   "hhn-gen: error: ..." and returns 0 on success, -1 on failure. */
int hashfn_from_gperf(const struct names *list, const char *key_positions, struct hashfn *out,
                      FILE *err);

/* Reads the hash out of the text of gperf's output; returns 0, or -1 if the text does not hold
   a hash function of the expected shape. */
int hashfn_parse(const char *text, struct hashfn *out);

/* The hash of the bytes s[0..len), len >= 1. */
unsigned hashfn_apply(const struct hashfn *h, const unsigned char *s, size_t len);

/* Checks that h is case-insensitive, never indexes outside asso, and gives every name of the
   list its own value; sets h->max_hash. Reports the first failure to err; returns 0 or -1. */
int hashfn_check(struct hashfn *h, const struct names *list, FILE *err);

/* Writes the positions in gperf's -k syntax ("1,11,$") to buf. */
void hashfn_positions(const struct hashfn *h, char *buf, size_t size);

#endif
