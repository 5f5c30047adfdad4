/* lengths_fold.c: lengths 65 and 97 stay apart though they fold as letters would (check_gen:
 * test_gen_lengths_do_not_fold_like_letters). */
#include <stdio.h>
#include <string.h>

#include "hhn.h"

int main(void) {
  char s[98];
  memset(s, 'A', 65);
  if (hhn_lookup(s, 65) != 0)
    return 1;
  memset(s, 'B', 97);
  if (hhn_lookup(s, 97) != 1)
    return 2;
  if (hhn_lookup(s, 65) != -1 || hhn_lookup(s, 96) != -1)
    return 3;
  if (hhn_lookup_lower(s, 97) != -1)
    return 5;
  memset(s, 'b', 97);
  if (hhn_lookup_lower(s, 97) != 1 || hhn_lookup_lower(s, 65) != -1)
    return 6;
  return hhn_lookup("VIA", 3) != 2 || hhn_lookup("date", 4) != 3;
}
