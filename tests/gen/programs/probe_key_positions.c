/* probe_key_positions.c: with --key-positions 2,$-2, the hash reads the length and bytes 2 and
   $-2 alone, and the lookups work (check_gen: test_gen_hashes_the_key_positions_given). */
#include <stdio.h>
#include <string.h>

#include "hhn.c" /* the table itself, whose hash this probe calls */

/* Whether some value of byte k of s[0..len) changes its hash. */
static int reads(const char *name, size_t len, size_t k) {
  unsigned char s[16];
  memcpy(s, name, len);
  uint_least32_t h = hash(&table, s, len);
  for (int c = 0; c < 256; c++) {
    s[k] = (unsigned char)c;
    if (hash(&table, s, len) != h)
      return 1;
  }
  return 0;
}

int main(void) {
  for (size_t k = 0; k < 6; k++) /* "Accept": bytes 2 and $-2 are k 1 and 3 */
    if (reads("Accept", 6, k) != (k == 1 || k == 3))
      return printf("byte %zu\n", k), 1;
  return hhn_lookup("ACCEPT", 6) != 0 || hhn_lookup("date", 4) != 1 || hhn_lookup("VIA", 3) != 2 ||
         hhn_lookup("Vib", 3) != -1 || hhn_lookup_lower("via", 3) != 2 ||
         hhn_lookup_lower("Via", 3) != -1;
}
