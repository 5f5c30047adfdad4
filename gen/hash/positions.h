/* positions.h: the byte positions a hash reads, as --key-positions writes them: N (1 is the
   first byte), N-M (N to M), $ (the last byte) and $-N (N before the last), comma-separated.
   The one place that reads and writes that form. */
#ifndef HHN_GEN_POSITIONS_H
#define HHN_GEN_POSITIONS_H

#include <stddef.h>

#include "diag.h"
#include "hashfn.h"

#define POSITIONS_MAX 255 /* most positions --key-positions may give (a hash's terms, less one) */

/* Positions read from --key-positions: a term for each (TERM_FROM_START or TERM_FROM_END). */
struct positions {
  int n;
  struct term term[POSITIONS_MAX];
};

/* Reads text into *p. Returns 0, or -1 with the reason in d ("hhn-gen: error: key positions
   '3-1': the range 3-1 runs backwards"): an empty position, a position before the first byte
   or past the longest name a list may hold, a range that runs backwards, one given twice,
   more than POSITIONS_MAX, or anything else. */
int positions_parse(const char *text, struct positions *p, struct diag *d);

/* Writes the byte positions of the terms t[0..n) into buf as --key-positions takes them
   ("1,$,$-7"); the length and a per-length byte, which it cannot give, are left out. */
void positions_format(const struct term *t, int n, char *buf, size_t size);

/* Writes the same in words into buf: "1, $ and $-7", with "lens[len].at" for a per-length
   byte ("$-1 and lens[len].at"); "" if the terms read no byte. */
void positions_describe(const struct term *t, int n, char *buf, size_t size);

#endif
