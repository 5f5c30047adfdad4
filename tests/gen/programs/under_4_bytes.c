/* under_4_bytes.c: a table of names under 4 bytes compares them byte by byte (check_gen:
 * test_gen_table_of_names_under_4_bytes_compares_bytes_and_works). */
#include <stdio.h>
#include <string.h>

#include "hhn.h"

int main(void) {
  return hhn_lookup("A", 1) != 0 || hhn_lookup("te", 2) != 1 || hhn_lookup("VIA", 3) != 2 ||
         hhn_lookup("dNT", 3) != 3 || hhn_lookup("b", 1) != -1 || hhn_lookup("t\x85", 2) != -1 ||
         hhn_lookup("vi-", 3) != -1 || hhn_lookup("Via", 4) != -1 ||
         hhn_lookup_lower("a", 1) != 0 || hhn_lookup_lower("A", 1) != -1 ||
         hhn_lookup_lower("te", 2) != 1 || hhn_lookup_lower("tE", 2) != -1 ||
         hhn_lookup_lower("dnt", 3) != 3 || hhn_lookup_lower("Dnt", 3) != -1;
}
