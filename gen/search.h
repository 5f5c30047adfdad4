/* search.h: choosing what the hash reads: the search over sets of byte positions, the positions
   of --key-positions, and gperf's own positions when no searched set works. */
#ifndef HHN_GEN_SEARCH_H
#define HHN_GEN_SEARCH_H

#include "diag.h"
#include "hashfn.h"
#include "names.h"

#define SEARCH_EDGE 16         /* positions searched: the first and the last this many bytes */
#define SEARCH_MAX_POSITIONS 4 /* most positions in a searched set */
#define SEARCH_MAX_WITH_PER_LENGTH 2 /* most positions in a set that also has a per-length byte */
#define SEARCH_MAX_TRIES 64          /* most sets given to gperf before its own positions */
#define SEARCH_MAX_SOLVED 8          /* most sets given to gperf once one is solved */

/* Makes a perfect hash of the list, checked with hashfn_check.
   With key_positions (a comma-separated list of N, N-M, $ and $-N, 1-based from the start or
   counted back from the last byte), it hashes exactly those bytes and the length.
   Without, it searches the sets of up to SEARCH_MAX_POSITIONS positions in the first and last
   SEARCH_EDGE bytes, and of up to SEARCH_MAX_WITH_PER_LENGTH of them with a byte chosen per
   length, that tell the names apart; gives gperf the cheapest (term_cost); of those it solves
   at the cheapest cost, keeps the one with the smallest table; and falls back to gperf's own
   positions. Returns 0, or -1 with the reason in d. */
int search_hash(const struct names *list, const char *key_positions, struct hashfn *out,
                struct diag *d);

#endif
