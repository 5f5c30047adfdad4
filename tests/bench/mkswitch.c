/* mkswitch.c: writes the "switch" peers of the benchmarks, in the style of nghttp2's and h2o's
   lookups: switch on the length, then on the last byte, then memcmp of the lowercase name's
   other bytes, and the name's id (the list's id=N, as nghttp2's tokens are) straight from the
   code. It takes lowercase input only, as those servers do.
     mkswitch LIST > C                 switch_lookup, of a names list (make bench)
     mkswitch --fields FILE P > C      P_switch, of a static table's names (ids in the order
                                       each first comes, as hhn-gen --fields FILE alone gives
                                       them), and P_chain(id, value, vlen): h2o's way to find
                                       an entry, one case an id, a chain of compares of the
                                       value with each of its entries' (make bench-fields)
     mkswitch --go LIST > GO           switch.go: Go's switch on the string, of the list's
                                       names in lowercase, and the same after lowering the
                                       name into a buffer (make bench-go) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
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

/* Writes s[0..n) as a C string's bytes, escaped where C needs it. */
static void put_escaped(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\' || c == '?' || c < 0x20 || c > 0x7E)
      printf("\\%03o", c);
    else
      putchar(c);
  }
}

/* Writes int fn(const char *name, size_t len): the switch of list's names. */
static void put_switch(const struct names *list, const char *fn) {
  size_t *order = malloc(list->n * sizeof *order);
  for (size_t i = 0; i < list->n; i++)
    order[i] = i;
  sorted = list;
  qsort(order, list->n, sizeof *order, by_len_last);
  printf("int %s(const char *name, size_t len) {\n  switch (len) {\n", fn);
  for (size_t i = 0; i < list->n;) {
    size_t len = list->v[order[i]].len;
    printf("  case %zu:\n    switch (name[%zu]) {\n", len, len - 1);
    while (i < list->n && list->v[order[i]].len == len) {
      const struct name *nm = &list->v[order[i]];
      char last = nm->text[len - 1];
      printf("    case %d:\n", last >= 'A' && last <= 'Z' ? last + 32 : last);
      while (i < list->n && list->v[order[i]].len == len &&
             (list->v[order[i]].text[len - 1] | 0x20) == (last | 0x20)) {
        nm = &list->v[order[i]];
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
}

/* Writes int P_chain(int id, const char *value, size_t vlen): for each id, the compares of
   the value with its entries' values, in index order, each by length and memcmp. */
static void put_chain(const struct fields *f, const struct names *list, const char *p) {
  printf("\nint %s_chain(int id, const char *value, size_t vlen) {\n  switch (id) {\n", p);
  for (size_t i = 0; i < list->n; i++) {
    printf("  case %ld:\n", list->v[i].id);
    for (size_t e = 0; e < f->n; e++)
      if (f->v[e].name_at == i) {
        printf("    if (vlen == %zu && memcmp(value, \"", f->v[e].vlen);
        put_escaped(f->v[e].value, f->v[e].vlen);
        printf("\", %zu) == 0)\n      return %zu;\n", f->v[e].vlen, e);
      }
    printf("    return -1;\n");
  }
  printf("  }\n  return -1;\n}\n");
}

/* Writes switch.go: switchLookup, Go's switch on the name's string among the list's names in
   lowercase, each with its id as hhn's Go package numbers it, and switchFold, the same of the
   name lowered first. */
static void put_go_switch(const struct names *list, const char *from) {
  printf("// switch.go: made by tests/bench/mkswitch --go from %s; a switch on the string.\n"
         "package main\n\nimport \"benchgo/hhn\"\n\n"
         "// switchLookup is a switch on the name as it is, among the list's names in lowercase.\n"
         "func switchLookup(b []byte) (hhn.ID, bool) {\n\tswitch string(b) {\n",
         from);
  for (size_t i = 0; i < list->n; i++) {
    printf("\tcase \"");
    put_lower(list->v[i].text, list->v[i].len);
    printf("\":\n\t\treturn %ld, true\n", list->v[i].id);
  }
  printf("\t}\n\treturn 0, false\n}\n\n"
         "// switchFold is switchLookup of the name lowercased into a buffer first.\n"
         "func switchFold(b []byte) (hhn.ID, bool) {\n\tlowered = lowered[:0]\n"
         "\tfor _, c := range b {\n\t\tif c-'A' < 26 {\n\t\t\tc += 32\n\t\t}\n"
         "\t\tlowered = append(lowered, c)\n\t}\n\treturn switchLookup(lowered)\n}\n");
}

int main(int argc, char **argv) {
  struct names list;
  struct fields f;
  char fn[128];
  if (argc == 2 && names_read_file(&list, argv[1], stderr) == 0) {
    printf("/* Made by mkswitch from %s: the benchmark's nghttp2-style switch lookup. */\n"
           "#include <stddef.h>\n#include <string.h>\n\n",
           argv[1]);
    put_switch(&list, "switch_lookup");
  } else if (argc == 3 && strcmp(argv[1], "--go") == 0 &&
             names_read_file(&list, argv[2], stderr) == 0) {
    put_go_switch(&list, argv[2]);
  } else if (argc == 4 && strcmp(argv[1], "--fields") == 0 && strlen(argv[3]) < 64 &&
             fields_read_file(&f, argv[2], stderr) == 0 && fields_list(&f, &list, stderr) == 0 &&
             fields_bind(&f, &list, stderr) == 0) {
    printf("/* Made by mkswitch from %s: the fields benchmark's nghttp2-style switch lookup of "
           "its names, and h2o-style chains of value compares. */\n"
           "#include <stddef.h>\n#include <string.h>\n\n",
           argv[2]);
    snprintf(fn, sizeof fn, "%s_switch", argv[3]);
    put_switch(&list, fn);
    put_chain(&f, &list, argv[3]);
    fields_free(&f);
  } else {
    fprintf(stderr, "usage: mkswitch LIST | mkswitch --fields FILE PREFIX | mkswitch --go LIST\n");
    return 1;
  }
  names_free(&list);
  return 0;
}
