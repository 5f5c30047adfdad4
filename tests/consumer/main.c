/* main.c: the consumer: looks names up in libhhn's table and in a table of its own. */
#include <hhn.h>
#include <stdio.h>
#include <string.h>

#include "myhdr.h"

/* Counts a failed expectation and says which. */
static int expect(int ok, const char *what) {
  if (!ok)
    fprintf(stderr, "consumer: FAILED: %s\n", what);
  return !ok;
}

int main(void) {
  int failed = 0;
  failed += expect(hhn_lookup("content-type", 12) == HHN_CONTENT_TYPE, "libhhn finds content-type");
  failed += expect(hhn_lookup("X-Acme-Trace", 12) == HHN_UNKNOWN, "libhhn lacks X-Acme-Trace");
  failed += expect(hhn_lookup_lower(":path", 5) == HHN_PSEUDO_PATH, "libhhn finds :path lowercase");
  failed += expect(hhn_lookup_lower("Content-Type", 12) == HHN_UNKNOWN, "only lowercase");
  failed += expect(myhdr_lookup_lower("x-acme-trace", 12) == MYHDR_X_ACME_TRACE, "own, lowercase");
  failed +=
      expect((hhn_flags(HHN_CONNECTION) & HHN_FLAG_HOP_BY_HOP) != 0, "Connection is hop-by-hop");
  failed += expect(myhdr_lookup("x-acme-TRACE", 12) == MYHDR_X_ACME_TRACE, "own table finds it");
  failed +=
      expect(myhdr_lookup("Content-Type", 12) == MYHDR_UNKNOWN, "own table lacks Content-Type");
  failed += expect(myhdr_attr(MYHDR_X_ACME_TRACE, MYHDR_ATTR_WEIGHT) == 3, "weight=3");
  failed += expect(myhdr_flags(MYHDR_X_ACME_DEBUG) == MYHDR_FLAG_LOGGED, "X-Acme-Debug is logged");
  failed += expect(MYHDR_COUNT == 3, "three names of its own");
  printf("consumer: libhhn %d.%d.%d (%d names), own table %d names: %s\n", HHN_VERSION_MAJOR,
         HHN_VERSION_MINOR, HHN_VERSION_PATCH, HHN_COUNT, MYHDR_COUNT, failed ? "FAILED" : "ok");
  return failed != 0;
}
