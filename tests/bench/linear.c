/* linear.c: the benchmark's plainest peers: strncasecmp against every name of the list, and
   no lookup at all, which measures what the benchmark's loop and call cost by themselves. */
#include <string.h>
#include <strings.h>

#include "peers.h"

#include "ref.h" /* ref_names[]: the list's names and ids, made by peers.sh */

int linear_lookup(const char *name, size_t len) {
  for (size_t i = 0; i < sizeof ref_names / sizeof ref_names[0]; i++)
    if (strlen(ref_names[i].name) == len && strncasecmp(name, ref_names[i].name, len) == 0)
      return ref_names[i].id;
  return -1;
}

int null_lookup(const char *name, size_t len) { return (int)len - (name[0] == 0); }
