/* probe_attrs.c: a name's flags and attributes, and their macros (check_gen:
 * test_gen_writes_flags_and_attributes). */
#include <stdio.h>
#include <string.h>

#include "hhn.c" /* the table itself, whose tables this probe reads */

/* The macros of the list's flags and keys, as the header writes them. */
static int structure(void) {
  return HHN_FLAG_SINGLE != 1ul << 0 || HHN_FLAG_HOP_BY_HOP != 1ul << 1 || HHN_ATTR_HPACK != 0 ||
         HHN_ATTR_QPACK != 1 || HHN_ATTR_COUNT != 2;
}

int main(void) {
  int bad = structure();
  if (bad)
    return 100 + bad;
  size_t n;
  const char *a = hhn_name(HHN_ACCEPT, &n);
  if (strcmp(a, "Accept") != 0 || n != 6)
    return 1;
  if (strcmp(hhn_lower(HHN_VIA, &n), "via"))
    return 2;
  if (hhn_flags(HHN_ACCEPT) != HHN_FLAG_SINGLE || hhn_flags(HHN_VIA) != HHN_FLAG_HOP_BY_HOP)
    return 3;
  if (hhn_attr(HHN_ACCEPT, HHN_ATTR_HPACK) != 19 || hhn_attr(HHN_ACCEPT, HHN_ATTR_QPACK) != -1 ||
      hhn_attr(HHN_DATE, HHN_ATTR_QPACK) != 6 || hhn_attr(HHN_VIA, HHN_ATTR_HPACK) != -1)
    return 4;
  return hhn_attr(HHN_VIA, 2) != -1 || hhn_flags(3) != 0;
}
