/* pooled.c: the lookups of a word table of --small, which compare the pool's name (the
   test reads the source for that, and for no vector slot), answer right for a name of each
   length, in every case, and for the inputs one byte off or of a length with no name (check_gen:
   test_gen_small_table_has_no_vector_slots_and_its_lookups_work). */
#include <stdio.h>
#include <string.h>

#include "hhn.h"

static const char *const names[] = {"Accept",
                                    "Cookie",
                                    "Content-Type",
                                    "Sec-Fetch-Dest",
                                    "Accept-Charset",
                                    "Access-Control-Allow-Credentials",
                                    "Access-Control-Allow-Headers"};

/* Whether every spelling of name i, and every one-byte change of it, gets the right answer. */
static int each(int i) {
  char s[40];
  size_t n = strlen(names[i]);
  memcpy(s, names[i], n);
  if (hhn_lookup(s, n) != i || hhn_lookup_lower(s, n) != HHN_UNKNOWN)
    return 1;
  for (size_t k = 0; k < n; k++)
    s[k] = (char)(s[k] >= 'A' && s[k] <= 'Z' ? s[k] + 32 : s[k]);
  if (hhn_lookup(s, n) != i || hhn_lookup_lower(s, n) != i)
    return 2;
  for (size_t k = 0; k < n; k++) {
    char was = s[k];
    s[k] = (char)(was ^ 1); /* a byte off: no name of the list */
    if (hhn_lookup(s, n) != HHN_UNKNOWN || hhn_lookup_lower(s, n) != HHN_UNKNOWN)
      return 3;
    s[k] = was;
  }
  return hhn_lookup(s, n - 1) != HHN_UNKNOWN || hhn_lookup_lower(s, n + 1) != HHN_UNKNOWN;
}

int main(void) {
  char q[41];
  memset(q, 'q', sizeof q);
  for (size_t n = 0; n <= 40; n++) /* every length, those with no name among them */
    if (hhn_lookup(q, n) != HHN_UNKNOWN || hhn_lookup_lower(q, n) != HHN_UNKNOWN) {
      printf("%zu q's: known\n", n);
      return 1;
    }
  for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++)
    if (each(i) != 0) {
      printf("%s: %d\n", names[i], each(i));
      return 1;
    }
  puts("ok");
  return 0;
}
