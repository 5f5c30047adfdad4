/* branch.c: the C side of make bench-rust: the loop that branches on the answer of hhn's C
   lookups, called from C as a C caller calls them (the Rust program calls the whole loop once
   a run), and one lookup of each for the check that both tables agree. */
#include <stddef.h>

#include "hhn.h"

/* The portable build of the same table (bench.mk: hhnp.o, -DHHN_NO_AVX512). */
int hhnp_lookup(const char *name, size_t len);
int hhnp_lookup_lower(const char *name, size_t len);

/* A name of a stream, as the Rust program holds it. */
struct item {
  const char *p;
  size_t n;
};

/* Each lookup: hhn_lookup, hhn_lookup_lower, and their portable twins. */
typedef int lookup_fn(const char *, size_t);
static lookup_fn *const lookups[] = {hhn_lookup, hhn_lookup_lower, hhnp_lookup, hhnp_lookup_lower};

int c_lookup(int which, const char *p, size_t n);
long c_branch(int which, const struct item *it, size_t n, unsigned *hits);

int c_lookup(int which, const char *p, size_t n) { return lookups[which](p, n); }

/* The loop of bench.c's branch_*: a store where the id says, or a count of misses. */
#define BRANCH(fn)                                                                                 \
  for (const struct item *end = it + n; it != end; it++) {                                         \
    int id = fn(it->p, it->n);                                                                     \
    if (id >= 0)                                                                                   \
      hits[id]++;                                                                                  \
    else                                                                                           \
      misses++;                                                                                    \
  }

long c_branch(int which, const struct item *it, size_t n, unsigned *hits) {
  long misses = 0;
  switch (which) {
  case 0:
    BRANCH(hhn_lookup);
    break;
  case 1:
    BRANCH(hhn_lookup_lower);
    break;
  case 2:
    BRANCH(hhnp_lookup);
    break;
  default:
    BRANCH(hhnp_lookup_lower);
    break;
  }
  return misses;
}
