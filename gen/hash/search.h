/* search.h: choosing what the hash reads, and its values: the search over sets of byte
   positions, the positions of --key-positions, and, when no searched set works, the positions
   of gperf or of a greedy widening. */
#ifndef HHN_GEN_SEARCH_H
#define HHN_GEN_SEARCH_H

#include "diag.h"
#include "hashfn.h"
#include "names.h"
#include "positions.h"

#define SEARCH_EDGE 16               /* positions searched: the first and last this many bytes */
#define SEARCH_MAX_POSITIONS 4       /* most positions in a searched set */
#define SEARCH_MAX_WITH_PER_LENGTH 2 /* most positions in a set that also has a per-length byte */
#define SEARCH_MAX_TRIES 64          /* the cheapest sets kept, and most given to gperf */
#define SEARCH_MAX_SOLVED 8          /* most sets given to gperf once one is solved (small lists) */
#define SEARCH_SMALL_LIST 300        /* a list this long or shorter is small */
#define SEARCH_GPERF_LIST 1000       /* gperf's values only for lists this long or shorter */
#define SEARCH_GPERF_SECONDS 6.0     /* the most time the gperf runs of a search take */
#define SEARCH_GPERF_JOBS 2          /* gperf runs at once */
#define SEARCH_GPERF_ITERATIONS 10   /* gperf's --multiple-iterations, but 1 past a small list */

/* Makes a perfect hash of the list, checked with hashfn_check.
   - With positions given (--key-positions, read by positions_parse), it hashes exactly those
     bytes and the length.
   - Without, it finds the SEARCH_MAX_TRIES cheapest (term_cost) sets of up to
     SEARCH_MAX_POSITIONS positions in the first and last SEARCH_EDGE bytes, or of up to
     SEARCH_MAX_WITH_PER_LENGTH of them and a byte chosen per length, that tell the names
     apart.
   For a list of up to SEARCH_GPERF_LIST names, gperf finds values for the cheapest sets (on
   SEARCH_GPERF_JOBS processors, for at most SEARCH_GPERF_SECONDS in all); of those it solves at
   the cheapest cost (up to SEARCH_MAX_SOLVED of them for a small list, else the first), the one
   with the smallest largest hash is kept. For a longer list, or one gperf does not solve in
   time, the values are hhn-gen's own (displace.h), for the cheapest set. A list that no set
   tells apart takes gperf's own positions (small lists) or a greedy widening of positions.
   Returns 0, or -1 with the reason in d. */
int search_hash(const struct names *list, const struct positions *given, struct hashfn *out,
                struct diag *d);

#endif
