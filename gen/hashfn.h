/* hashfn.h: the hash of a generated table: which bytes it reads, the associated values that
   gperf found for them, and the checks that make it a perfect hash of a list. */
#ifndef HHN_GEN_HASHFN_H
#define HHN_GEN_HASHFN_H

#include <limits.h>
#include <stdio.h>

#include "names.h"

#define HASHFN_MAX_TERMS 64
#define HASHFN_MAX_ASSO 512
#define HASHFN_LENGTH INT_MIN           /* a term that is the name's length, not one of its bytes */
#define HASHFN_PER_LENGTH (INT_MIN + 1) /* a term that is the byte at[len] of a name */
#define HASHFN_SEARCH_MAX 4             /* most byte positions the search tries */

/* A hash: the sum over its terms of asso[x + inc], where x is the length (pos ==
   HASHFN_LENGTH) or a byte: pos >= 0 counts from the start (0 is the first byte), pos < 0 from
   the end (-1 is the last byte, -2 the one before).

   Two kinds, from two ways of running gperf:
   - own (the default): hhn-gen chose the positions, and gperf found values for "synthetic
     keys" made of the length and the bytes at them. A position past the end of a shorter name
     is clamped into it: the first or the last byte stands in.
   - gperf's: gperf chose positions from the start and '$' on the names themselves, and the
     hash also adds the length itself, as gperf's does; a position past the end adds nothing. */
struct hashfn {
  int own;
  int nterms;
  int pos[HASHFN_MAX_TERMS];
  int inc[HASHFN_MAX_TERMS];
  unsigned asso[HASHFN_MAX_ASSO];
  unsigned char at[NAMES_MAX_LENGTH + 1]; /* for a HASHFN_PER_LENGTH term; 0 where unused */
  int nasso;
  unsigned max_hash; /* the largest hash of a name in the list, once hashfn_check passed */
  int tried;         /* how many position sets the search ran gperf on */
};

/* Makes a perfect hash of the list. With key_positions (a comma-separated list of N, N-M, $
   and $-N, 1-based from the start or counted back from the last byte), it hashes exactly
   those bytes and the length. Without, it searches the sets of up to HASHFN_SEARCH_MAX
   positions in the first and last 16 bytes, and sets of up to 2 of them with a per-length
   byte, for the cheapest that gperf can make perfect,
   preferring the smallest table, and falls back to gperf's own positions. gperf is $GPERF, or
   gperf on PATH. Reports failures to err as "hhn-gen: error: ..."; returns 0 or -1. */
int hashfn_make(const struct names *list, const char *key_positions, struct hashfn *out, FILE *err);

/* Reads the terms and the values out of the text of gperf's output (a hash of the names
   themselves, with own == 0); returns 0, or -1 if the text does not hold a hash function of
   the expected shape. */
int hashfn_parse(const char *text, struct hashfn *out);

/* The hash of the bytes s[0..len), len >= 1 and <= 255. */
unsigned hashfn_apply(const struct hashfn *h, const unsigned char *s, size_t len);

/* Checks that h ignores the case of letters, never indexes outside asso, and gives every name
   of the list its own value; sets h->max_hash. Reports the first failure to err; returns 0 or
   -1. */
int hashfn_check(struct hashfn *h, const struct names *list, FILE *err);

/* Writes the byte positions of h as hhn-gen's --key-positions takes them ("$,$-1,$-7"); a
   per-length byte, which --key-positions cannot give, is left out (see hashfn_per_length). */
void hashfn_positions(const struct hashfn *h, char *buf, size_t size);

/* Whether h reads a byte chosen per length (a HASHFN_PER_LENGTH term). */
int hashfn_per_length(const struct hashfn *h);

/* The modelled cost of h's byte reads for the list: 1 for a byte every name has, 2 for the
   per-length byte (one more load), 3 for one that must be clamped into shorter names (or, in
   gperf's hash, tested against the length). */
int hashfn_cost(const struct hashfn *h, const struct names *list);

/* The number of slots of a table for h: the power of two above h->max_hash. */
size_t hashfn_slots(const struct hashfn *h);

#endif
