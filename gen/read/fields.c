/* fields.c: reading and checking a static table of fields (see fields.h). */
#include "fields.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A set of entries or names by a hash of their bytes, so that no check compares every pair: a
   place for each of at least twice as many as it holds, each 0 or an index plus one. */
struct index {
  size_t *slot, mask;
};

/* An index with room for n; 0, or -1 out of memory. */
static int index_init(struct index *x, size_t n) {
  size_t size = 16;
  while (size < 2 * n)
    size *= 2;
  x->mask = size - 1;
  x->slot = calloc(size, sizeof *x->slot);
  return x->slot ? 0 : -1;
}

/* FNV-1a of a[0..n) and b[0..m), letters in lowercase. */
static size_t hash_of(const char *a, size_t n, const char *b, size_t m) {
  uint64_t h = 14695981039346656037ull;
  for (size_t i = 0; i < n + m; i++)
    h = (h ^ ascii_lower((unsigned char)(i < n ? a[i] : b[i - n]))) * 1099511628211ull;
  return (size_t)(h ^ h >> 29);
}

/* The place of the first item of x whose key is hash (by same(i): whether item i is the one
   looked for), or the empty place where it would go. */
static size_t index_find(const struct index *x, size_t hash, int (*same)(size_t, const void *),
                         const void *arg) {
  size_t at = hash & x->mask;
  while (x->slot[at] != 0 && !same(x->slot[at] - 1, arg))
    at = (at + 1) & x->mask;
  return at;
}

/* Whether byte c may be in a value: visible ASCII, SP, HTAB and bytes over 0x7F (RFC 9110's
   field-content, and the blanks it allows inside a value). */
static int value_byte(unsigned char c) { return c == '\t' || (c >= 0x20 && c != 0x7F); }

/* Checks entry x and reports what is wrong with it; returns the errors. */
static int check_entry(const struct fields *f, const struct entry *x, FILE *err) {
  char q[ASCII_QUOTED];
  int errors = 0;
  if (x->nlen == 0 || x->nlen > NAMES_MAX_LENGTH) {
    fprintf(err, "%s:%d: error: a field's name is 1 to %d bytes, then a TAB and its value\n",
            f->file, x->line, NAMES_MAX_LENGTH);
    return 1;
  }
  for (size_t i = x->name[0] == ':'; i < x->nlen; i++)
    if (!ascii_is_tchar((unsigned char)x->name[i])) {
      fprintf(err,
              "%s:%d: error: name %s has a byte that no name may have (an RFC 9110 token, "
              "after an optional ':'), then a TAB and its value\n",
              f->file, x->line, ascii_quote(q, x->name, x->nlen));
      return 1;
    }
  for (size_t i = 0; i < x->nlen; i++)
    if (x->name[i] >= 'A' && x->name[i] <= 'Z') {
      char lower[NAMES_MAX_LENGTH], ql[ASCII_QUOTED];
      for (size_t k = 0; k < x->nlen; k++)
        lower[k] = (char)ascii_lower((unsigned char)x->name[k]);
      fprintf(err, "%s:%d: error: name %s has an uppercase letter: write it ", f->file, x->line,
              ascii_quote(q, x->name, x->nlen));
      fprintf(err, "%s (HTTP/2 and HTTP/3 send names in lowercase)\n",
              ascii_quote(ql, lower, x->nlen));
      errors++;
      break;
    }
  if (x->vlen > FIELDS_MAX_VALUE) {
    fprintf(err, "%s:%d: error: a value is at most %d bytes\n", f->file, x->line, FIELDS_MAX_VALUE);
    return errors + 1;
  }
  for (size_t i = 0; i < x->vlen; i++)
    if (!value_byte((unsigned char)x->value[i])) {
      fprintf(err,
              "%s:%d: error: byte 0x%02x in the value: a value holds visible ASCII, "
              "SP, HTAB and bytes over 0x7F\n",
              f->file, x->line, (unsigned char)x->value[i]);
      return errors + 1;
    }
  return errors;
}

/* What same_entry and same_name compare with: the entries, and the one looked for. */
struct probe {
  const struct entry *v, *x;
};

/* Whether entry i is p's, name and value. */
static int same_entry(size_t i, const void *arg) {
  const struct probe *p = arg;
  const struct entry *y = &p->v[i], *x = p->x;
  return y->nlen == x->nlen && y->vlen == x->vlen && memcmp(y->name, x->name, x->nlen) == 0 &&
         memcmp(y->value, x->value, x->vlen) == 0;
}

/* Reports an entry equal to one before it (in seen, which it joins if not); 1 if there is. */
static int check_repeat(const struct fields *f, struct index *seen, const struct entry *x,
                        FILE *err) {
  char q[ASCII_QUOTED];
  struct probe p = {f->v, x};
  size_t at = index_find(seen, hash_of(x->name, x->nlen, x->value, x->vlen), same_entry, &p);
  if (seen->slot[at] == 0) {
    seen->slot[at] = (size_t)(x - f->v) + 1;
    return 0;
  }
  fprintf(err, "%s:%d: error: %s with this value is the entry of line %d already\n", f->file,
          x->line, ascii_quote(q, x->name, x->nlen), f->v[seen->slot[at] - 1].line);
  return 1;
}

/* Parses one line, s[0..len) (its CR, if any, dropped), into a new entry, unless it is blank
   or a comment; returns the errors, or -1 for one that ends the table (it is full). */
static int parse_line(struct fields *f, struct index *seen, const char *s, size_t len, int line,
                      FILE *err) {
  const char *tab = memchr(s, '\t', len);
  struct entry *x;
  size_t blank = 0;
  while (blank < len && (s[blank] == ' ' || s[blank] == '\t'))
    blank++;
  if (blank == len || (len >= 2 && s[0] == '/' && s[1] == '/'))
    return 0;
  if (f->n == FIELDS_MAX_COUNT) {
    fprintf(err, "%s:%d: error: a table holds at most %d entries\n", f->file, line,
            FIELDS_MAX_COUNT);
    return -1;
  }
  x = &f->v[f->n];
  x->name = s, x->nlen = tab ? (size_t)(tab - s) : len;
  x->value = tab ? tab + 1 : s + len, x->vlen = tab ? len - x->nlen - 1 : 0;
  x->line = line, x->name_at = 0;
  int errors = check_entry(f, x, err);
  if (errors == 0 && (f->values += x->vlen) > FIELDS_MAX_BYTES) {
    fprintf(err, "%s:%d: error: the values pass 1 MB (%d bytes), the most a table holds\n", f->file,
            line, FIELDS_MAX_BYTES);
    return -1;
  }
  if (errors == 0)
    errors = check_repeat(f, seen, x, err);
  f->n++;
  return errors;
}

int fields_parse(struct fields *out, const char *file, const char *text, size_t size, FILE *err) {
  int errors = 0, line = 1;
  size_t lines = 1;
  memset(out, 0, sizeof *out);
  out->file = file;
  for (size_t i = 0; i < size; i++)
    lines += text[i] == '\n';
  struct index seen = {NULL, 0};
  lines = lines < FIELDS_MAX_COUNT ? lines : FIELDS_MAX_COUNT;
  if ((out->text = malloc(size + 1)) == NULL || (out->v = calloc(lines, sizeof *out->v)) == NULL ||
      index_init(&seen, lines) != 0) {
    fprintf(err, "hhn-gen: error: '%s': out of memory\n", file);
    free(seen.slot);
    return 1;
  }
  if (size > 0)
    memcpy(out->text, text, size);
  out->size = size;
  for (size_t at = 0; at < size; line++) {
    const char *s = out->text + at, *nl = memchr(s, '\n', size - at);
    size_t len = nl ? (size_t)(nl - s) : size - at;
    at += len + 1;
    if (len > 0 && s[len - 1] == '\r')
      len--;
    int got = parse_line(out, &seen, s, len, line, err);
    errors += got < 0 ? 1 : got;
    if (got < 0) /* the table is full: said once */
      break;
  }
  free(seen.slot);
  if (errors == 0 && out->n == 0) {
    fprintf(err, "%s: error: the table has no entries\n", file);
    errors++;
  }
  return errors;
}

int fields_read_file(struct fields *out, const char *path, FILE *err) {
  char *text;
  size_t size;
  memset(out, 0, sizeof *out);
  out->file = names_file_label(path);
  if (names_read_text(path, &text, &size, err) != 0)
    return 1;
  int errors = fields_parse(out, out->file, text, size, err);
  free(text);
  return errors;
}

/* Whether entry i has p's name. */
static int same_name(size_t i, const void *arg) {
  const struct probe *p = arg;
  return p->v[i].nlen == p->x->nlen && memcmp(p->v[i].name, p->x->name, p->x->nlen) == 0;
}

int fields_list(const struct fields *f, struct names *list, FILE *err) {
  /* the table's text with each line that is not the first of its name blank: names_parse then
     reads the names in order, and reports each on its own line */
  char *text = malloc(f->size + 1);
  size_t k = 0;
  memset(list, 0, sizeof *list);
  list->file = f->file;
  if (text == NULL) {
    fprintf(err, "hhn-gen: error: '%s': out of memory\n", f->file);
    return 1;
  }
  struct index seen;
  if (index_init(&seen, f->n) != 0) {
    fprintf(err, "hhn-gen: error: '%s': out of memory\n", f->file);
    free(text);
    return 1;
  }
  for (int line = 1, e = 0; (size_t)e < f->n || line == 1; line++) {
    const struct entry *x = (size_t)e < f->n ? &f->v[e] : NULL;
    int first = x != NULL && x->line == line;
    if (first) { /* the first of its name, unless seen holds the name */
      struct probe p = {f->v, x};
      size_t at = index_find(&seen, hash_of(x->name, x->nlen, "", 0), same_name, &p);
      first = seen.slot[at] == 0;
      seen.slot[at] = first ? (size_t)e + 1 : seen.slot[at];
    }
    if (first)
      memcpy(text + k, x->name, x->nlen), k += x->nlen;
    e += x != NULL && x->line == line;
    text[k++] = '\n';
  }
  int errors = names_parse(list, f->file, text, k, err);
  free(text);
  free(seen.slot);
  return errors;
}

/* Whether a[0..n) and b[0..n) are equal, letters in either case. */
static int same_ci(const char *a, const char *b, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (ascii_lower((unsigned char)a[i]) != ascii_lower((unsigned char)b[i]))
      return 0;
  return 1;
}

/* What same_listed compares with: the list, and the name looked for. */
struct listed {
  const struct names *list;
  const char *name;
  size_t n;
};

/* Whether the list's name i is l's, letters in either case. */
static int same_listed(size_t i, const void *arg) {
  const struct listed *l = arg;
  return l->list->v[i].len == l->n && same_ci(l->list->v[i].text, l->name, l->n);
}

int fields_bind(struct fields *f, const struct names *list, FILE *err) {
  char q[ASCII_QUOTED];
  int errors = 0;
  struct index names;
  if (index_init(&names, list->n) != 0) {
    fprintf(err, "hhn-gen: error: '%s': out of memory\n", f->file);
    return 1;
  }
  for (size_t i = 0; i < list->n; i++) { /* names differ in more than case: no two alike */
    struct listed l = {list, list->v[i].text, list->v[i].len};
    names.slot[index_find(&names, hash_of(l.name, l.n, "", 0), same_listed, &l)] = i + 1;
  }
  for (size_t e = 0; e < f->n; e++) {
    struct entry *x = &f->v[e];
    struct listed l = {list, x->name, x->nlen};
    size_t at = index_find(&names, hash_of(x->name, x->nlen, "", 0), same_listed, &l);
    size_t i = names.slot[at] ? names.slot[at] - 1 : list->n;
    if (i == list->n) {
      fprintf(err, "%s:%d: error: name %s is not in %s\n", f->file, x->line,
              ascii_quote(q, x->name, x->nlen), list->file);
      errors++;
    }
    x->name_at = i;
  }
  free(names.slot);
  return errors;
}

void fields_free(struct fields *f) {
  free(f->text);
  free(f->v);
  memset(f, 0, sizeof *f);
}
