/* probe_length_alone.c: a table of one name hashes the length alone (check_gen:
 * test_gen_table_of_one_name_hashes_the_length_alone_and_works). */
#include <stdio.h>
#include <string.h>

#include "hhn.c" /* the table itself, whose tables this probe reads */

/* The hash is the length's alone: no byte of a 6-byte input changes it. */
static int structure(void) {
  unsigned char s[6] = "accept";
  uint_least32_t h = hash(&table, s, 6);
  for (size_t k = 0; k < 6; k++)
    for (int c = 0; c < 256; c++) {
      unsigned char keep = s[k];
      s[k] = (unsigned char)c;
      if (hash(&table, s, 6) != h)
        return 1;
      s[k] = keep;
    }
  return 0;
}

int main(void) {
  int bad = structure();
  if (bad)
    return 100 + bad;
  return hhn_lookup("ACCEPT", 6) != 0 || hhn_lookup("Accepx", 6) != -1 ||
         hhn_lookup("Accep", 5) != -1 || hhn_lookup("", 0) != -1 ||
         hhn_lookup_lower("accept", 6) != 0 || hhn_lookup_lower("accepT", 6) != -1 ||
         hhn_lookup_lower("", 0) != -1;
}
