/* lists.c: names lists as the tests read them, and the reference lookup (see lists.h). */
#include "lists.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int list_add(struct list *l, const char *s, size_t len) {
  char **name = realloc(l->name, (l->n + 1) * sizeof *name);
  size_t *lens = name ? realloc(l->len, (l->n + 1) * sizeof *lens) : NULL;
  if (name)
    l->name = name;
  if (lens == NULL)
    return -1;
  l->len = lens;
  if ((l->name[l->n] = malloc(len + 1)) == NULL)
    return -1;
  memcpy(l->name[l->n], s, len);
  l->name[l->n][len] = '\0';
  l->len[l->n++] = len;
  return 0;
}

int list_read(struct list *l, const char *path) {
  FILE *f = fopen(path, "rb");
  char line[8192];
  size_t n = strlen(path);
  int csv = n > 4 && strcmp(path + n - 4, ".csv") == 0, first = 1;
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
    if (list_add(l, s, (size_t)(end - s)) != 0)
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
  memset(l, 0, sizeof *l);
}

static unsigned char fold(unsigned char c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

int ref_lookup(const struct list *l, const unsigned char *s, size_t len) {
  for (size_t i = 0; i < l->n; i++) {
    if (l->len[i] != len)
      continue;
    size_t k = 0;
    while (k < len && fold(s[k]) == fold((unsigned char)l->name[i][k]))
      k++;
    if (k == len)
      return (int)i;
  }
  return -1;
}

int ref_lookup16(const struct list *l, const uint16_t *s, size_t len) {
  unsigned char narrow[8192];
  if (len > sizeof narrow)
    return -1;
  for (size_t i = 0; i < len; i++) {
    if (s[i] > 0x7f)
      return -1;
    narrow[i] = (unsigned char)s[i];
  }
  return ref_lookup(l, narrow, len);
}
