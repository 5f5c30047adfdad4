/* probe_static_file.c: a table made with --static, included in a file with names of its own that
   the table's own once were (table, hash, INLINE, COLD, SLOT), calls some of its functions
   only, and finds every name (check_gen: test_gen_static_makes_one_file_to_include). */
#include <string.h>

#define INLINE "the user's own"
#define COLD 1
enum { SLOT = 7 };
static int table(void) { return SLOT; }
static int hash(int x) { return x + COLD; }

#include "hhn.c"

int main(void) {
  return hhn_lookup_lower("via", 3) != 2 || hhn_lookup("DATE", 4) != 1 ||
         hhn_lookup("Accept", 6) != 0 || hhn_lookup("TE", 2) != 3 || hhn_lookup("x", 1) != -1 ||
         table() != 7 || hash(1) != 2 || strcmp(INLINE, "the user's own") != 0;
}
