/* hashfn.h: the hash of a generated table: its terms, their associated values, and the checks
   that make it a perfect hash of a list. */
#ifndef HHN_GEN_HASHFN_H
#define HHN_GEN_HASHFN_H

#include <stddef.h>

#include "diag.h"
#include "names.h"
#include "word.h"

#include <stdint.h>

#define HASHFN_MAX_TERMS 256 /* most terms a hash may have: the length and every byte */
#define HASHFN_DISPLACED_TERMS HASHFN_MAX_TERMS /* most terms of a displaced hash: a table each */
#define HASHFN_MAX_ASSO (256 * HASHFN_DISPLACED_TERMS) /* most associated values */

/* What one term of a hash adds the associated value of. */
enum term_kind {
  TERM_LENGTH,     /* the name's length */
  TERM_FROM_START, /* the byte `at` bytes after the first (at 0: the first byte) */
  TERM_FROM_END,   /* the byte `at` bytes from the end (at 1: the last byte) */
  TERM_PER_LENGTH, /* the byte at the index chosen for the name's length (len_byte[len]) */
};

/* One term: asso[x + inc], where x is the length or the byte the term reads. */
struct term {
  enum term_kind kind;
  int at; /* TERM_FROM_START: 0-based index; TERM_FROM_END: 1-based from the end; else 0 */
  int inc;
};

/* How the hash was found, which also says what a position past the end of a name means. */
enum hash_origin {
  HASH_SEARCHED, /* hhn-gen searched the positions; gperf found values for synthetic keys */
  HASH_GIVEN,    /* the positions of --key-positions; gperf found values for synthetic keys */
  HASH_GPERF,    /* gperf's own positions and values, on the names themselves */
  HASH_WORD,     /* hhn-gen's word hash (word.h): no terms, a multiplier for each length */
};

/* How the hash's values make a slot. */
struct displacement {
  int bucket_bits; /* 0: the sum is the slot (gperf's values); else the top bucket_bits bits of
                      the 32-bit sum name a bucket, whose displacement, added to the sum, gives
                      the slot in its low slot_bits bits (hhn-gen's own values, for big lists) */
  int slot_bits;
  uint32_t *disp; /* 1 << bucket_bits displacements, malloc'd */
};

/* A hash: the sum over its terms of asso[x + inc].
   - Searched or given (synthetic keys: the length and the bytes at the positions, one key per
     name, given to gperf): a position past the end of a shorter name is clamped into it, so
     the first or the last byte stands in.
   - gperf's own: the hash also adds the length itself, as gperf's does, and a position past
     the end of a name adds nothing. */
struct hashfn {
  enum hash_origin origin;
  int nterms;
  struct term term[HASHFN_MAX_TERMS]; /* in rank order (see hashfn_order_terms) */
  uint32_t asso[HASHFN_MAX_ASSO];
  int nasso;                                    /* how many of asso gperf gave */
  struct displacement dis;                      /* see struct displacement */
  unsigned char len_byte[NAMES_MAX_LENGTH + 1]; /* for TERM_PER_LENGTH; 0 where unused */
  struct wordfn word;                           /* HASH_WORD's: see struct wordfn */
  unsigned max_hash; /* the largest slot of a name in the list, once hashfn_check passed */
  int tried;         /* how many position sets the search gave gperf */
};

/* Whether the hash clamps a position past the end of a name into it (hhn-gen's synthetic
   keys), rather than skipping it (gperf's own). */
int hashfn_clamps(const struct hashfn *h);

/* The index of the byte that term t reads in a name of len bytes (1 to 255): clamped into the
   name if clamp, else -1 past its end; -1 for the length. len_byte is for TERM_PER_LENGTH.
   Every reading of a term's position goes through here. */
long term_index(const struct term *t, const unsigned char *len_byte, size_t len, int clamp);

/* Whether every name of at least min_len bytes has the byte that t reads (no clamping). */
int term_in_every_name(const struct term *t, size_t min_len);

/* The modelled cost of reading t's byte in names of at least min_len bytes: 0 for the length,
   1 for a byte every name has, 2 for the per-length byte (one more load), 3 for one that must
   be clamped into shorter names (or, in gperf's hash, tested against the length). */
int term_cost(const struct term *t, size_t min_len);

/* The rank of a term in the order the output lists them: the length, then bytes from the
   start, then from the end (the last first), then the per-length byte. */
long term_rank(const struct term *t);

/* Puts h's terms in rank order: the length, then bytes from the start, then from the end
   (the last first), then the per-length byte; so the output does not depend on gperf's order. */
void hashfn_order_terms(struct hashfn *h);

/* The sum of h's values for the bytes s[0..len), len >= 1 and <= 255, modulo 2^32. */
uint32_t hashfn_sum(const struct hashfn *h, const unsigned char *s, size_t len);

/* The slot of the bytes s[0..len): the sum, or, displaced, the sum plus its bucket's
   displacement, in slot_bits bits. */
unsigned hashfn_apply(const struct hashfn *h, const unsigned char *s, size_t len);

/* Frees what a displaced hash allocated; h stays valid as a hash of no displacement. */
void hashfn_free(struct hashfn *h);

/* Checks that h ignores the case of letters, never indexes outside asso, and gives every name
   of the list its own value; sets h->max_hash. Returns 0, or -1 with the first failure in d. */
int hashfn_check(struct hashfn *h, const struct names *list, struct diag *d);

/* Whether h reads a byte chosen per length (a TERM_PER_LENGTH term). */
int hashfn_per_length(const struct hashfn *h);

/* How many of h's terms read a byte (all but the length). */
int hashfn_byte_terms(const struct hashfn *h);

/* The sum of term_cost over h's terms, for the list's shortest name. */
int hashfn_cost(const struct hashfn *h, const struct names *list);

#endif
