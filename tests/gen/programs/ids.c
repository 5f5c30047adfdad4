/* ids.c: a table of nghttp2's token names, each with its token as id=N (tests/data/ids/
   nghttp2.in), answers nghttp2's token for each, with no map; the accessors take those ids,
   and answer nothing for the ids that no name has (check_gen:
   test_gen_gives_each_name_the_id_the_list_chooses). */
#include <stdio.h>
#include <string.h>

#include "hhn.h"

int main(void) {
  static const struct {
    const char *name;
    int token; /* nghttp2's */
  } tokens[] = {{":authority", 0},        {":method", 1},  {":path", 3},
                {":status", 7},           {"accept", 18},  {"content-length", 27},
                {"www-authenticate", 60}, {"te", 61},      {"connection", 62},
                {":protocol", 66},        {"priority", 67}};
  for (size_t i = 0; i < sizeof tokens / sizeof tokens[0]; i++) {
    size_t n = strlen(tokens[i].name);
    if (hhn_lookup_lower(tokens[i].name, n) != tokens[i].token ||
        hhn_lookup(tokens[i].name, n) != tokens[i].token)
      return printf("%s: %d\n", tokens[i].name, hhn_lookup_lower(tokens[i].name, n)), 1;
    if (strcmp(hhn_name(tokens[i].token, NULL), tokens[i].name) != 0)
      return 2;
  }
  if (HHN_PSEUDO_PATH != 3 || HHN_PRIORITY != 67 || HHN_COUNT != 59 || HHN_ID_LIMIT != 68)
    return 3;
  /* 2 is :method's second index in the static table, and no token */
  if (hhn_name(2, NULL) != NULL || hhn_lower(4, NULL) != NULL || hhn_flags(6) != 0 ||
      hhn_attr(2, 0) != -1 || hhn_name(68, NULL) != NULL)
    return 4;
  return hhn_lookup("Content-Length", 14) != 27 || hhn_lookup_lower("Content-Length", 14) != -1;
}
