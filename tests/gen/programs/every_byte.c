/* every_byte.c: every name of a list of four names of each length from 3 to 255, and every one of
   its bytes replaced by each of the 256 values (an eighth of them, and the byte with its case or
   top bit flipped, in names under 248 bytes), with both lookups: a name with a byte replaced is
   that name (the same byte, or a letter in the other case) or none (check_gen:
   test_gen_indexed_table_with_a_name_of_255_bytes_is_right). */
#include <stdio.h>
#include <string.h>

#include "hhn.h"

int main(void) {
  static char s[256], low[256];
  for (int id = 0; id < HHN_COUNT; id++) {
    size_t n;
    const char *nm = hhn_name(id, &n), *lo = hhn_lower(id, NULL);
    memcpy(s, nm, n), memcpy(low, lo, n);
    if (hhn_lookup(s, n) != id || hhn_lookup_lower(low, n) != id)
      return printf("name %d\n", id), 1;
    for (size_t k = 0; k < n; k++) {
      for (int b = 0; b < 256; b++) {
        int c = (unsigned char)lo[k], letter = c >= 'a' && c <= 'z';
        /* every value past 247 bytes, where the offsets reach 256; before, an eighth of them
           (another eighth at each byte) and the byte's neighbours by the case and top bits */
        if (n < 248 && (b + (int)k + id) % 8 != 0 && b != (c ^ 0x20) && b != (c ^ 0x80))
          continue;
        int same = b == c || (letter && b == c - 32), same_lower = b == c;
        s[k] = low[k] = (char)b;
        if (hhn_lookup(s, n) != (same ? id : -1) ||
            hhn_lookup_lower(low, n) != (same_lower ? id : -1))
          return printf("name %d, byte %zu made %d: %d, %d\n", id, k, b, hhn_lookup(s, n),
                        hhn_lookup_lower(low, n)),
                 2;
      }
      s[k] = nm[k], low[k] = lo[k];
    }
  }
  return 0;
}
