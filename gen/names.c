/* names.c: reading and checking a names list for hhn-gen (see names.h). */
#include "names.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Identifiers that a generated table defines itself, after its prefix (P_COUNT, P_H, ...). */
static const char *const reserved_idents[] = {"COUNT", "MIN_LENGTH", "MAX_LENGTH", "UNKNOWN", "H"};

int names_is_tchar(unsigned char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
    return 1;
  return c != 0 && strchr("!#$%&'*+-.^_`|~", c) != NULL;
}

static unsigned char lower(unsigned char c) { return (c >= 'A' && c <= 'Z') ? c + 32 : c; }

static int equal_ci(const char *a, size_t alen, const char *b, size_t blen) {
  if (alen != blen)
    return 0;
  for (size_t i = 0; i < alen; i++)
    if (lower((unsigned char)a[i]) != lower((unsigned char)b[i]))
      return 0;
  return 1;
}

/* Writes s[0..len) to f for a message: printable ASCII as is, other bytes as \xNN, and at most
   64 bytes of it. */
static void put_quoted(FILE *f, const char *s, size_t len) {
  size_t shown = len > 64 ? 64 : len;
  fputc('\'', f);
  for (size_t i = 0; i < shown; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x20 && c < 0x7f && c != '\\')
      fputc(c, f);
    else
      fprintf(f, "\\x%02x", c);
  }
  fputs(shown < len ? "...'" : "'", f);
}

/* Reports what is wrong with the name s[0..len) of line `line`, if anything; returns 1 if
   something is. */
static int check_name(const char *file, int line, const char *s, size_t len, FILE *err) {
  if (len > NAMES_MAX_LENGTH) {
    fprintf(err, "%s:%d: error: name is %zu bytes long; the limit is %d\n", file, line, len,
            NAMES_MAX_LENGTH);
    return 1;
  }
  if (len == 1 && s[0] == ':') {
    fprintf(err, "%s:%d: error: ':' alone is not a name\n", file, line);
    return 1;
  }
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    if (names_is_tchar(c) || (c == ':' && i == 0))
      continue;
    fprintf(err, "%s:%d: error: ", file, line);
    if (c == ':')
      fputs("':' inside name ", err);
    else if (c == ' ' || c == '\t')
      fputs(c == ' ' ? "space in name " : "tab in name ", err);
    else if (c < 0x20 || c == 0x7f)
      fprintf(err, "control byte 0x%02x in name ", c);
    else if (c >= 0x80)
      fprintf(err, "non-ASCII byte 0x%02x in name ", c);
    else
      fprintf(err, "'%c' in name ", c);
    put_quoted(err, s, len);
    if (c == ':')
      fputs(" (only a pseudo-header's first byte may be ':')\n", err);
    else if (c == ' ' || c == '\t')
      fputs(" (a line holds one name)\n", err);
    else
      fputs(" (a name is an RFC 9110 token)\n", err);
    return 1;
  }
  return 0;
}

/* Appends a checked name to the list; returns 0, or -1 when out of memory. */
static int append(struct names *list, const char *s, size_t len, int line) {
  if ((list->n & (list->n - 1)) == 0) { /* grow at 0, 1, 2, 4, ... */
    struct name *v = realloc(list->v, (list->n ? 2 * list->n : 1) * sizeof *v);
    if (v == NULL)
      return -1;
    list->v = v;
  }
  struct name *nm = &list->v[list->n++];
  memcpy(nm->text, s, len);
  nm->text[len] = '\0';
  nm->len = len;
  nm->line = line;
  nm->ident = NULL;
  return 0;
}

int names_parse(struct names *out, const char *file, const char *text, size_t size, FILE *err) {
  int errors = 0, line = 0;
  size_t pos = 0;
  memset(out, 0, sizeof *out);
  out->file = file;
  while (pos < size) {
    const char *s = text + pos, *nl = memchr(s, '\n', size - pos);
    size_t len = nl ? (size_t)(nl - s) : size - pos;
    pos += len + 1;
    line++;
    if (len > 0 && s[len - 1] == '\r') /* CRLF line ends */
      len--;
    while (len > 0 && (s[0] == ' ' || s[0] == '\t'))
      s++, len--;
    while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
      len--;
    if (len == 0 || (len >= 2 && s[0] == '/' && s[1] == '/'))
      continue;
    if (check_name(file, line, s, len, err)) {
      errors++;
      continue;
    }
    size_t i;
    for (i = 0; i < out->n; i++)
      if (equal_ci(s, len, out->v[i].text, out->v[i].len))
        break;
    if (i < out->n) {
      fprintf(err, "%s:%d: error: ", file, line);
      put_quoted(err, s, len);
      fputs(" repeats ", err);
      put_quoted(err, out->v[i].text, out->v[i].len);
      fprintf(err, " from line %d\n", out->v[i].line);
      errors++;
      continue;
    }
    if (out->n == NAMES_MAX_COUNT) {
      fprintf(err, "%s:%d: error: more than %d names\n", file, line, NAMES_MAX_COUNT);
      return errors + 1;
    }
    if (append(out, s, len, line) != 0) {
      fprintf(err, "%s:%d: error: out of memory\n", file, line);
      return errors + 1;
    }
  }
  if (errors == 0 && out->n == 0) {
    fprintf(err, "%s: error: the list has no names\n", file);
    errors++;
  }
  return errors;
}

int names_read_file(struct names *out, const char *path, FILE *err) {
  FILE *f = fopen(path, "rb");
  char *buf = NULL;
  size_t size = 0, cap = 0;
  memset(out, 0, sizeof *out);
  out->file = path;
  if (f == NULL) {
    fprintf(err, "hhn-gen: error: cannot open '%s': %s\n", path, strerror(errno));
    return 1;
  }
  for (;;) {
    if (size == cap) {
      char *b = realloc(buf, cap = cap ? 2 * cap : 65536);
      if (b == NULL) {
        fprintf(err, "hhn-gen: error: '%s': out of memory\n", path);
        free(buf);
        fclose(f);
        return 1;
      }
      buf = b;
    }
    size_t got = fread(buf + size, 1, cap - size, f);
    size += got;
    if (got == 0)
      break;
  }
  int failed = ferror(f);
  fclose(f);
  if (failed) {
    fprintf(err, "hhn-gen: error: cannot read '%s'\n", path);
    free(buf);
    return 1;
  }
  int errors = names_parse(out, path, buf, size, err);
  free(buf);
  return errors;
}

int names_make_idents(struct names *list, FILE *err) {
  int errors = 0;
  for (size_t i = 0; i < list->n; i++) {
    struct name *nm = &list->v[i];
    const char *s = nm->text;
    char *id = malloc(nm->len + sizeof "PSEUDO_"), *p = id;
    if (id == NULL) {
      fprintf(err, "%s:%d: error: out of memory\n", list->file, nm->line);
      return errors + 1;
    }
    if (*s == ':') {
      p += sprintf(p, "PSEUDO_");
      s++;
    }
    for (; *s; s++) {
      unsigned char c = (unsigned char)*s;
      *p++ = (c >= 'a' && c <= 'z')                               ? (char)(c - 32)
             : ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) ? (char)c
                                                                  : '_';
    }
    *p = '\0';
    nm->ident = id;
    for (size_t r = 0; r < sizeof reserved_idents / sizeof reserved_idents[0]; r++)
      if (strcmp(id, reserved_idents[r]) == 0) {
        fprintf(err, "%s:%d: error: ", list->file, nm->line);
        put_quoted(err, nm->text, nm->len);
        fprintf(err, " would make the id name %s, which the table uses itself\n", id);
        errors++;
      }
    for (size_t j = 0; j < i; j++)
      if (strcmp(id, list->v[j].ident) == 0) {
        fprintf(err, "%s:%d: error: ", list->file, nm->line);
        put_quoted(err, nm->text, nm->len);
        fputs(" and ", err);
        put_quoted(err, list->v[j].text, list->v[j].len);
        fprintf(err, " from line %d both make the id name %s\n", list->v[j].line, id);
        errors++;
        break;
      }
  }
  return errors;
}

void names_free(struct names *list) {
  for (size_t i = 0; i < list->n; i++)
    free(list->v[i].ident);
  free(list->v);
  list->v = NULL;
  list->n = 0;
}
