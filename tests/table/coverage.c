/* coverage.c: the share of each stream's names (one a line, or name<TAB>value) that the
   default table finds; fails if one is under 90%. */
#include <stdio.h>
#include <string.h>

#include "hhn.h"

int main(int argc, char **argv) {
  int status = 0;
  for (int i = 1; i < argc; i++) {
    FILE *f = fopen(argv[i], "r");
    char line[8192];
    long found = 0, total = 0;
    if (f == NULL) {
      perror(argv[i]);
      return 2;
    }
    while (fgets(line, sizeof line, f)) {
      size_t n = strcspn(line, "\t\r\n");
      total++;
      found += hhn_lookup(line, n) != HHN_UNKNOWN;
    }
    fclose(f);
    double share = total ? 100.0 * (double)found / (double)total : 0;
    printf("coverage: %s: the default table finds %.2f%% of %ld names\n", argv[i], share, total);
    if (share < 90) {
      printf("coverage: %s: FAILED: under 90%%\n", argv[i]);
      status = 1;
    }
  }
  return status;
}
