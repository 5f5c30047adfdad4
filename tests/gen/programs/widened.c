/* widened.c: a big list alike deep inside is told apart by widened positions (check_gen:
 * test_gen_widens_positions_for_a_big_list_alike_but_deep_inside). */
#include <stdio.h>
#include <string.h>

#include "hhn.h"

int main(void) {
  char s[64];
  for (int i = 0; i < 1200; i += 7) {
    snprintf(s, sizeof s, "%030d%04d%026d", 0, i, 0);
    if (hhn_lookup(s, 60) != i)
      return 1;
    if (hhn_lookup_lower(s, 60) != i)
      return 3;
    s[31] = 'x';
    if (hhn_lookup(s, 60) != -1 || hhn_lookup_lower(s, 60) != -1)
      return 2;
  }
  return 0;
}
