/* probe_per_length.c: names alike deep inside are told apart by a byte chosen for their length
 * (check_gen: test_gen_chooses_a_byte_per_length_for_names_alike_deep_inside). */
#include <stdio.h>
#include <string.h>

#include "hhn.c" /* the table itself, whose tables this probe reads */

/* Length 60 reads its byte 41 (lens[60].at, 40 from 0), and its pieces at 4 and 52. */
static int structure(void) {
  return table.lens[60].at != 40 || table.lens[60].p != 4 || table.lens[60].q != 52;
}

int main(void) {
  int bad = structure();
  if (bad)
    return 100 + bad;
  char s[61];
  memset(s, 'A', 60);
  if (hhn_lookup(s, 60) != 1)
    return 1;
  s[40] = 'X';
  if (hhn_lookup(s, 60) != 0)
    return 2;
  s[40] = 'y';
  if (hhn_lookup(s, 60) != -1)
    return 3;
  if (hhn_lookup("VIA", 3) != 2)
    return 4;
  if (hhn_lookup_lower(s, 60) != -1)
    return 5;
  memset(s, 'a', 60), s[40] = 'x';
  if (hhn_lookup_lower(s, 60) != 0)
    return 6;
  s[59] = 'A';
  if (hhn_lookup_lower(s, 60) != -1)
    return 7;
  return hhn_lookup(s, 59) != -1;
}
