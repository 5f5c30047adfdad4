/* over_256_names.c: ids over 255 come out whole, with both case rules (check_gen:
 * test_gen_table_of_over_256_names_gives_ids_two_bytes_and_works). */
#include <stdio.h>
#include <string.h>

#include "hhn.h"

int main(void) {
  char s[32];
  for (int i = 0; i < 300; i++) {
    int n = snprintf(s, sizeof s, "x-NAME-%d", i);
    if (hhn_lookup(s, (size_t)n) != i || hhn_lookup_lower(s, (size_t)n) != -1)
      return 1;
    memcpy(s + 2, "name", 4);
    if (hhn_lookup_lower(s, (size_t)n) != i)
      return 3;
    s[n - 1] = 'x';
    if (hhn_lookup(s, (size_t)n) != -1 || hhn_lookup_lower(s, (size_t)n) != -1)
      return 2;
  }
  return 0;
}
