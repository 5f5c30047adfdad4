/* mkswitch.c: writes the "switch" peer of the benchmark, in the style of nghttp2's and h2o's
   lookups: switch on the length, then on the last byte, then memcmp of the lowercase name's
   other bytes, and the name's id (the list's id=N, as nghttp2's tokens are) straight from the
   code. It takes lowercase input only, as those servers do. Usage: mkswitch LIST > C */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"

/* Orders names by length, then last byte, then id, so that cases group. */
static const struct names *sorted;
static int by_len_last(const void *a, const void *b) {
  const struct name *x = &sorted->v[*(const size_t *)a], *y = &sorted->v[*(const size_t *)b];
  unsigned char lx = x->text[x->len - 1] | 0x20, ly = y->text[y->len - 1] | 0x20;
  if (x->len != y->len)
    return x->len < y->len ? -1 : 1;
  if (lx != ly)
    return lx < ly ? -1 : 1;
  return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static void put_lower(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    putchar(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]);
}

int main(int argc, char **argv) {
  struct names list;
  if (argc != 2 || names_read_file(&list, argv[1], stderr) != 0)
    return 1;
  size_t *order = malloc(list.n * sizeof *order);
  for (size_t i = 0; i < list.n; i++)
    order[i] = i;
  sorted = &list;
  qsort(order, list.n, sizeof *order, by_len_last);
  printf("/* Made by mkswitch from %s: the benchmark's nghttp2-style switch lookup. */\n"
         "#include <stddef.h>\n#include <string.h>\n\n"
         "int switch_lookup(const char *name, size_t len) {\n  switch (len) {\n",
         argv[1]);
  for (size_t i = 0; i < list.n;) {
    size_t len = list.v[order[i]].len;
    printf("  case %zu:\n    switch (name[%zu]) {\n", len, len - 1);
    while (i < list.n && list.v[order[i]].len == len) {
      const struct name *nm = &list.v[order[i]];
      char last = nm->text[len - 1];
      printf("    case %d:\n", last >= 'A' && last <= 'Z' ? last + 32 : last);
      while (i < list.n && list.v[order[i]].len == len &&
             (list.v[order[i]].text[len - 1] | 0x20) == (last | 0x20)) {
        nm = &list.v[order[i]];
        printf("      if (memcmp(name, \"");
        put_lower(nm->text, len - 1);
        printf("\", %zu) == 0)\n        return %ld;\n", len - 1, nm->id);
        i++;
      }
      printf("      break;\n");
    }
    printf("    }\n    break;\n");
  }
  printf("  }\n  return -1;\n}\n");
  free(order);
  names_free(&list);
  return 0;
}
