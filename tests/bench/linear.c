/* linear.c: the benchmark's plainest peers: strncasecmp against every name of the list, and
   no lookup at all, which measures what the benchmark's loop and call cost by themselves. */
#include <string.h>
#include <strings.h>

#include "peers.h"

#include "hhn_ref.h" /* ref_names[], made by awk from the default list */

int linear_lookup(const char *name, size_t len) {
  for (size_t i = 0; i < sizeof ref_names / sizeof ref_names[0]; i++)
    if (strlen(ref_names[i]) == len && strncasecmp(name, ref_names[i], len) == 0)
      return (int)i;
  return -1;
}

int null_lookup(const char *name, size_t len) { return (int)len - (name[0] == 0); }
