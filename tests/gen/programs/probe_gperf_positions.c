/* probe_gperf_positions.c: names alike deep inside, in a small list, take gperf's own positions
 * (check_gen: test_gen_falls_back_to_gperf_positions_for_names_alike_but_deep_inside). */
#include <stdio.h>
#include <string.h>

#include "hhn.c" /* the table itself, whose tables this probe reads */

/* The bytes the hash reads of a 60-byte name, gperf's own positions: k is read if some value
   there changes the hash. It reads bytes 31 and 36 (30 and 35 from 0), and not byte 11. */
static int reads(size_t k) {
  unsigned char s[60];
  memset(s, 'a', sizeof s);
  uint_least32_t h = hash(&table, s, 60);
  for (int c = 0; c < 256; c++) {
    s[k] = (unsigned char)c;
    if (hash(&table, s, 60) != h)
      return 1;
  }
  return 0;
}

static int structure(void) { return !reads(30) || !reads(35) || reads(10); }

int main(void) {
  int bad = structure();
  if (bad)
    return 100 + bad;
  char s[61];
  memset(s, 'A', 60);
  if (hhn_lookup(s, 60) != 2)
    return 1;
  s[30] = 'X';
  if (hhn_lookup(s, 60) != 0)
    return 2;
  s[30] = 'a', s[35] = 'x';
  if (hhn_lookup(s, 60) != 1)
    return 3;
  s[30] = 'y';
  if (hhn_lookup(s, 60) != -1)
    return 4;
  if (hhn_lookup("vIA", 3) != 3 || hhn_lookup("te", 2) != 4)
    return 5;
  if (hhn_lookup("Vi", 2) != -1 || hhn_lookup("TEE", 3) != -1)
    return 6;
  if (hhn_lookup_lower(s, 60) != -1 || hhn_lookup_lower("te", 2) != 4)
    return 7;
  memset(s, 'a', 60), s[30] = 'x';
  if (hhn_lookup_lower(s, 60) != 0 || hhn_lookup_lower("vIa", 3) != -1)
    return 8;
  return hhn_lookup(s, 59) != -1;
}
