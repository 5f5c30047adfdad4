/* testplan.h: what every emitted test (P_test.c, P_test.rs) tries, as data (struct testplan):
   the tails after a name, the byte values of a quick run, the long lengths, the odd bytes put
   in a long token, the UTF-16 units above 0x7F, the bits flipped in a field; each test's
   template renders them and runs the same steps over them. */
#ifndef HHN_GEN_TESTPLAN_H
#define HHN_GEN_TESTPLAN_H

#include <stddef.h>

/* A run of bytes that may hold a NUL. */
struct testbytes {
  const char *s;
  size_t n;
};

/* The test plan. Each array ends where its count says. */
struct testplan {
  int spellings;                 /* of each name: as listed, lowercase, UPPERCASE, alternating */
  size_t full_bytes;             /* bytes of names past which the 256-value mutations sample */
  size_t quick_full_bytes;       /* the same in a quick run (C: -DHHN_TEST_QUICK) */
  int names_after;               /* names of the list put after each name, spread over it */
  const struct testbytes *tails; /* what a parser may leave after a name */
  size_t ntails;
  const unsigned char *quick; /* the byte values a quick run tries (all 256 otherwise) */
  size_t nquick;
  const size_t *lengths; /* the long tokens' lengths, about each read size and past 64 KB */
  size_t nlengths;
  const size_t *quick_lengths; /* those of a quick run */
  size_t nquick_lengths;
  size_t longest;           /* the longest input: the last of lengths */
  const char *alphabet;     /* the tchars a long token repeats */
  const unsigned char *odd; /* bytes put at a long token's start, middle and end */
  size_t nodd;
  const unsigned *units; /* UTF-16 units above 0x7F, each in place of a name's */
  size_t nunits;
  const unsigned char *flips; /* bits flipped in each byte of a field's name and value */
  size_t nflips;
  int filled_past; /* lengths filled with one value: up to the longest name's and this many */
};

/* The one test plan. */
extern const struct testplan testplan;

#endif
