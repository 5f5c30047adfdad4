/* lists.c: names lists as the tests read them, and the reference lookup (see lists.h). */
#include "lists.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char fold(unsigned char c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

/* Whether name i of l is s[0..len) when only letters fold. */
static int same(const struct list *l, size_t i, const unsigned char *s, size_t len) {
  if (l->len[i] != len)
    return 0;
  for (size_t k = 0; k < len; k++)
    if (fold(s[k]) != fold((unsigned char)l->name[i][k]))
      return 0;
  return 1;
}

/* The slot of l's index where s[0..len) is, or where it would go (FNV-1a of the folded
   bytes, then the next slots). */
static size_t find(const struct list *l, const unsigned char *s, size_t len) {
  uint64_t h = 14695981039346656037ULL;
  for (size_t k = 0; k < len; k++)
    h = (h ^ fold(s[k])) * 1099511628211ULL;
  size_t at = (size_t)h & (l->slots - 1);
  while (l->slot[at] != 0 && !same(l, l->slot[at] - 1, s, len))
    at = (at + 1) & (l->slots - 1);
  return at;
}

/* Puts name i into the index, unless an earlier name has its spelling. */
static void index_name(struct list *l, size_t i) {
  size_t at = find(l, (const unsigned char *)l->name[i], l->len[i]);
  if (l->slot[at] == 0)
    l->slot[at] = i + 1;
}

/* Makes room in the index for one more name: twice the names, at least; returns 0 or -1. */
static int index_room(struct list *l) {
  if (2 * (l->n + 1) <= l->slots)
    return 0;
  size_t *old = l->slot, slots = l->slots ? 2 * l->slots : 64;
  if ((l->slot = calloc(slots, sizeof *l->slot)) == NULL) {
    l->slot = old;
    return -1;
  }
  free(old);
  l->slots = slots;
  for (size_t i = 0; i < l->n; i++)
    index_name(l, i);
  return 0;
}

int list_add(struct list *l, const char *s, size_t len, long id) {
  char **name = realloc(l->name, (l->n + 1) * sizeof *name);
  size_t *lens = name ? realloc(l->len, (l->n + 1) * sizeof *lens) : NULL;
  long *ids = lens ? realloc(l->id, (l->n + 1) * sizeof *ids) : NULL;
  if (name)
    l->name = name;
  if (lens)
    l->len = lens;
  if (ids)
    l->id = ids;
  if (ids == NULL || index_room(l) != 0)
    return -1;
  l->id[l->n] = id;
  if ((l->name[l->n] = malloc(len + 1)) == NULL)
    return -1;
  memcpy(l->name[l->n], s, len);
  l->name[l->n][len] = '\0';
  l->len[l->n] = len;
  index_name(l, l->n++);
  return 0;
}

int list_read(struct list *l, const char *path) {
  FILE *f = fopen(path, "rb");
  char line[8192];
  size_t n = strlen(path);
  int csv = n > 4 && strcmp(path + n - 4, ".csv") == 0, first = 1;
  long id = -1;
  memset(l, 0, sizeof *l);
  if (f == NULL)
    return -1;
  while (fgets(line, sizeof line, f)) {
    char *s = line, *end;
    if (csv && first) {
      first = 0;
      continue;
    }
    while (*s == ' ' || *s == '\t')
      s++;
    end = s + strcspn(s, csv ? ",\n" : " \t\r\n"); /* a list's attributes follow a blank */
    while (end > s && (end[-1] == ' ' || end[-1] == '\t'))
      end--;
    if (end == s || (end - s >= 2 && s[0] == '/' && s[1] == '/'))
      continue;
    char *comment = strstr(end, "//"); /* an id=N attribute, before any trailing comment */
    if (comment != NULL)
      *comment = '\0';
    const char *given = csv ? NULL : strstr(end, " id=");
    if (given == NULL && !csv)
      given = strstr(end, "\tid=");
    id = given ? strtol(given + 4, NULL, 10) : id + 1;
    if (list_add(l, s, (size_t)(end - s), id) != 0)
      break;
  }
  fclose(f);
  return 0;
}

void list_free(struct list *l) {
  for (size_t i = 0; i < l->n; i++)
    free(l->name[i]);
  free(l->name);
  free(l->len);
  free(l->id);
  free(l->slot);
  memset(l, 0, sizeof *l);
}

int ref_lookup(const struct list *l, const unsigned char *s, size_t len) {
  if (l->slots == 0)
    return -1;
  size_t at = find(l, s, len);
  return l->slot[at] == 0 ? -1 : (int)l->id[l->slot[at] - 1];
}

/* ref_lookup16 and ref_lookup16_lower: the units narrowed to bytes, if none is above 0x7F. */
static int ref_units(const struct list *l, const uint16_t *s, size_t len, int fold) {
  unsigned char narrow[8192];
  if (len > sizeof narrow)
    return -1;
  for (size_t i = 0; i < len; i++) {
    if (s[i] > 0x7f)
      return -1;
    narrow[i] = (unsigned char)s[i];
  }
  return fold ? ref_lookup(l, narrow, len) : ref_lookup_lower(l, narrow, len);
}
int ref_lookup16(const struct list *l, const uint16_t *s, size_t len) {
  return ref_units(l, s, len, 1);
}
int ref_lookup16_lower(const struct list *l, const uint16_t *s, size_t len) {
  return ref_units(l, s, len, 0);
}

int ref_classify(const unsigned char *s, size_t len, int id, int lower) {
  static const char others[] = "!#$%&'*+-.^_`|~"; /* the tchars that are no letter or digit */
  int upper = 0;
  if (id != -1)
    return id;
  if (len == 0)
    return -2;
  for (size_t i = 0; i < len; i++) {
    int c = s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
          (c != 0 && memchr(others, c, sizeof others - 1) != NULL)))
      return -2;
    upper |= c >= 'A' && c <= 'Z';
  }
  return lower && upper ? -3 : -1;
}

int ref_lookup_lower(const struct list *l, const unsigned char *s, size_t len) {
  for (size_t i = 0; i < len; i++)
    if (s[i] >= 'A' && s[i] <= 'Z')
      return -1;
  return ref_lookup(l, s, len);
}
