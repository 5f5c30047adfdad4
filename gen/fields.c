/* fields.c: reading and checking a static table of fields (see fields.h). */
#include "fields.h"

#include <stdlib.h>
#include <string.h>

/* Whether byte c may be in a value: visible ASCII, SP, HTAB and bytes over 0x7F (RFC 9110's
   field-content, and the blanks it allows inside a value). */
static int value_byte(unsigned char c) { return c == '\t' || (c >= 0x20 && c != 0x7F); }

/* Checks entry x and reports what is wrong with it; returns the errors. */
static int check_entry(const struct fields *f, const struct entry *x, FILE *err) {
  char q[NAMES_QUOTED];
  int errors = 0;
  if (x->nlen == 0 || x->nlen > NAMES_MAX_LENGTH) {
    fprintf(err, "%s:%d: error: a field's name is 1 to %d bytes, then a TAB and its value\n",
            f->file, x->line, NAMES_MAX_LENGTH);
    return 1;
  }
  for (size_t i = x->name[0] == ':'; i < x->nlen; i++)
    if (!names_is_tchar((unsigned char)x->name[i])) {
      fprintf(err,
              "%s:%d: error: name %s has a byte that no name may have (an RFC 9110 token, "
              "after an optional ':'), then a TAB and its value\n",
              f->file, x->line, names_quote(q, x->name, x->nlen));
      return 1;
    }
  for (size_t i = 0; i < x->nlen; i++)
    if (x->name[i] >= 'A' && x->name[i] <= 'Z') {
      char lower[NAMES_MAX_LENGTH], ql[NAMES_QUOTED];
      for (size_t k = 0; k < x->nlen; k++)
        lower[k] = (char)names_lower((unsigned char)x->name[k]);
      fprintf(err, "%s:%d: error: name %s has an uppercase letter: write it ", f->file, x->line,
              names_quote(q, x->name, x->nlen));
      fprintf(err, "%s (HTTP/2 and HTTP/3 send names in lowercase)\n",
              names_quote(ql, lower, x->nlen));
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

/* Reports an entry equal to one before it; returns 1 if there is one. */
static int check_repeat(const struct fields *f, const struct entry *x, FILE *err) {
  char q[NAMES_QUOTED];
  for (const struct entry *y = f->v; y < x; y++)
    if (y->nlen == x->nlen && y->vlen == x->vlen && memcmp(y->name, x->name, x->nlen) == 0 &&
        memcmp(y->value, x->value, x->vlen) == 0) {
      fprintf(err, "%s:%d: error: %s with this value is the entry of line %d already\n", f->file,
              x->line, names_quote(q, x->name, x->nlen), y->line);
      return 1;
    }
  return 0;
}

/* Parses one line, s[0..len) (its CR, if any, dropped), into a new entry, unless it is blank
   or a comment; returns the errors. */
static int parse_line(struct fields *f, const char *s, size_t len, int line, FILE *err) {
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
    return 1;
  }
  x = &f->v[f->n];
  x->name = s, x->nlen = tab ? (size_t)(tab - s) : len;
  x->value = tab ? tab + 1 : s + len, x->vlen = tab ? len - x->nlen - 1 : 0;
  x->line = line, x->name_at = 0;
  int errors = check_entry(f, x, err);
  if (errors == 0)
    errors = check_repeat(f, x, err);
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
  if ((out->text = malloc(size + 1)) == NULL || (out->v = calloc(lines, sizeof *out->v)) == NULL) {
    fprintf(err, "hhn-gen: error: '%s': out of memory\n", file);
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
    errors += parse_line(out, s, len, line, err);
  }
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
  out->file = path;
  if (names_read_text(path, &text, &size, err) != 0)
    return 1;
  int errors = fields_parse(out, path, text, size, err);
  free(text);
  return errors;
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
  for (int line = 1, e = 0; (size_t)e < f->n || line == 1; line++) {
    const struct entry *x = (size_t)e < f->n ? &f->v[e] : NULL;
    int first = x != NULL && x->line == line;
    for (size_t j = 0; first && (int)j < e; j++)
      first = f->v[j].nlen != x->nlen || memcmp(f->v[j].name, x->name, x->nlen) != 0;
    if (first)
      memcpy(text + k, x->name, x->nlen), k += x->nlen;
    e += x != NULL && x->line == line;
    text[k++] = '\n';
  }
  int errors = names_parse(list, f->file, text, k, err);
  free(text);
  return errors;
}

/* Whether a[0..n) and b[0..n) are equal, letters in either case. */
static int same_ci(const char *a, const char *b, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (names_lower((unsigned char)a[i]) != names_lower((unsigned char)b[i]))
      return 0;
  return 1;
}

int fields_bind(struct fields *f, const struct names *list, FILE *err) {
  char q[NAMES_QUOTED];
  int errors = 0;
  for (size_t e = 0; e < f->n; e++) {
    struct entry *x = &f->v[e];
    size_t i = 0;
    while (i < list->n &&
           !(list->v[i].len == x->nlen && same_ci(list->v[i].text, x->name, x->nlen)))
      i++;
    if (i == list->n) {
      fprintf(err, "%s:%d: error: name %s is not in %s\n", f->file, x->line,
              names_quote(q, x->name, x->nlen), list->file);
      errors++;
    }
    x->name_at = i;
  }
  return errors;
}

void fields_free(struct fields *f) {
  free(f->text);
  free(f->v);
  memset(f, 0, sizeof *f);
}
