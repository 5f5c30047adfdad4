/* own_values.c: the table of hhn-gen's own values finds each name in either case rule (check_gen:
 * test_gen_uses_its_own_values_when_gperf_solves_nothing). */
#include <stdio.h>
#include <string.h>

#include "hhn.h"

int main(void) {
  return hhn_lookup("ACCEPT", 6) != 0 || hhn_lookup("date", 4) != 1 || hhn_lookup("via", 3) != 2 ||
         hhn_lookup("vib", 3) != -1 || hhn_lookup_lower("accept", 6) != 0 ||
         hhn_lookup_lower("Accept", 6) != -1 || hhn_lookup_lower("via", 3) != 2 ||
         hhn_lookup_lower("viA", 3) != -1;
}
