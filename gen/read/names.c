/* names.c: reading and checking a names list for hhn-gen (see names.h). */
#include "names.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int equal_ci(const char *a, size_t alen, const char *b, size_t blen) {
  if (alen != blen)
    return 0;
  for (size_t i = 0; i < alen; i++)
    if (ascii_lower((unsigned char)a[i]) != ascii_lower((unsigned char)b[i]))
      return 0;
  return 1;
}

/* The names of a list by a hash of their bytes, ASCII-folded, to find a repeat in another case
   in constant time: slot i holds a name's index plus 1, or 0. */
struct name_set {
  size_t *slot;
  size_t mask;
};

/* Makes an empty set for up to n names (n <= NAMES_MAX_COUNT); returns 0, or -1 if out of
   memory. */
static int set_init(struct name_set *set, size_t n) {
  set->mask = 15;
  while (set->mask + 1 < 2 * n)
    set->mask = 2 * set->mask + 1;
  set->slot = calloc(set->mask + 1, sizeof *set->slot);
  return set->slot ? 0 : -1;
}

/* The slot where s[0..n) is in the set, or where it would go: the first empty one after the
   bytes' hash (FNV-1a) for which same(index) is false. */
static size_t set_find(const struct name_set *set, const char *s, size_t n,
                       int (*same)(const struct names *, size_t, const char *, size_t),
                       const struct names *list) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned)ascii_lower((unsigned char)s[i])) * 16777619u;
  size_t at = h & set->mask;
  while (set->slot[at] != 0 && !same(list, set->slot[at] - 1, s, n))
    at = (at + 1) & set->mask;
  return at;
}

/* Whether name i of the list is s[0..n) in any case. */
static int same_name(const struct names *list, size_t i, const char *s, size_t n) {
  return equal_ci(list->v[i].text, list->v[i].len, s, n);
}

/* Writes s[0..len) to f for a message, as ascii_quote does. */
static void put_quoted(FILE *f, const char *s, size_t len) {
  char buf[ASCII_QUOTED];
  fputs(ascii_quote(buf, s, len), f);
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
    if (ascii_is_tchar(c) || (c == ':' && i == 0))
      continue;
    fprintf(err, "%s:%d: error: ", file, line);
    if (c == ':')
      fputs("':' inside name ", err);
    else if (c < 0x20 || c == 0x7f)
      fprintf(err, "control byte 0x%02x in name ", c);
    else if (c >= 0x80)
      fprintf(err, "non-ASCII byte 0x%02x in name ", c);
    else
      fprintf(err, "'%c' in name ", c);
    put_quoted(err, s, len);
    if (c == ':')
      fputs(" (only a pseudo-header's first byte may be ':')\n", err);
    else
      fputs(" (a name is an RFC 9110 token)\n", err);
    return 1;
  }
  return 0;
}

/* Whether s[0..n) is an attribute word: a lowercase letter, then lowercase letters, digits
   and '-', at most NAMES_MAX_WORD bytes. */
static int is_word(const char *s, size_t n) {
  if (n == 0 || n > NAMES_MAX_WORD || s[0] < 'a' || s[0] > 'z')
    return 0;
  for (size_t i = 1; i < n; i++)
    if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '-'))
      return 0;
  return 1;
}

/* The index of word s[0..n) in words[0..*count), added at the end if it is new and there is
   room; -1 if there is none. */
static int intern(char (*words)[NAMES_MAX_WORD + 1], int *count, int max, const char *s, size_t n) {
  for (int i = 0; i < *count; i++)
    if (strlen(words[i]) == n && memcmp(words[i], s, n) == 0)
      return i;
  if (*count == max)
    return -1;
  memcpy(words[*count], s, n);
  words[*count][n] = '\0';
  return (*count)++;
}

/* Reads the number in a[0..n) (within one token) into *v: returns its digits, 0 if a holds
   anything else; sets *too_big if it is over NAMES_MAX_VALUE. */
static int read_value(const char *a, size_t n, long *v, int *too_big) {
  int digits = 0;
  *v = 0, *too_big = 0;
  for (size_t k = 0; k < n; k++) {
    if (a[k] < '0' || a[k] > '9')
      return 0;
    *too_big |= *v > (NAMES_MAX_VALUE - (a[k] - '0')) / 10;
    *v = *too_big ? NAMES_MAX_VALUE : *v * 10 + (a[k] - '0');
    digits++;
  }
  return digits;
}

/* Gives the name `at` the attribute word a[0..w): a key with the value v if is_key, else a
   flag; adds the word to the list's keys or flags. Reports the first problem and returns 1
   if there is one. */
static int add_attribute(struct names *list, const char *file, int line, const char *a, size_t w,
                         int is_key, long v, struct name *at, FILE *err) {
  int i;
  for (i = 0; i < (is_key ? list->nflags : list->nkeys); i++) /* the word as the other kind */
    if (strlen(is_key ? list->flag[i] : list->key[i]) == w &&
        memcmp(is_key ? list->flag[i] : list->key[i], a, w) == 0) {
      fprintf(err, "%s:%d: error: '%.*s' is a %s here and a %s elsewhere in the list\n", file, line,
              (int)w, a, is_key ? "key" : "flag", is_key ? "flag" : "key");
      return 1;
    }
  i = is_key ? intern(list->key, &list->nkeys, NAMES_MAX_KEYS, a, w)
             : intern(list->flag, &list->nflags, NAMES_MAX_FLAGS, a, w);
  if (i < 0) {
    fprintf(err, "%s:%d: error: more than %d %s in the list\n", file, line,
            is_key ? NAMES_MAX_KEYS : NAMES_MAX_FLAGS, is_key ? "attribute keys" : "flag words");
    return 1;
  }
  if (is_key ? at->attr[i] >= 0 : (at->flags >> i) & 1) {
    fprintf(err, "%s:%d: error: '%.*s' is given twice\n", file, line, (int)w, a);
    return 1;
  }
  if (is_key)
    at->attr[i] = v;
  else
    at->flags |= 1UL << i;
  return 0;
}

/* Reads the attribute token a[0..t) (after the name s[0..name_len)): its word's length into
   *w, its value (if it has one: eq) into *v. Reports what is wrong with it and returns 1 if
   something is. */
static int read_attribute(const char *file, int line, const char *s, size_t name_len, const char *a,
                          size_t t, const char *eq, size_t *w, long *v, FILE *err) {
  int too_big = 0, is_id;
  *w = eq ? (size_t)(eq - a) : t, *v = 0;
  if (*w > NAMES_MAX_WORD && is_word(a, NAMES_MAX_WORD) && is_word(a + *w - 1, 1)) {
    fprintf(err, "%s:%d: error: the attribute word '%.*s...' is %zu bytes long; the limit is %d\n",
            file, line, 16, a, *w, NAMES_MAX_WORD);
    return 1;
  }
  if (!is_word(a, *w) || (eq && read_value(eq + 1, t - *w - 1, v, &too_big) == 0)) {
    fprintf(err, "%s:%d: error: ", file, line);
    put_quoted(err, a, t);
    fputs(" after ", err);
    put_quoted(err, s, name_len);
    fputs(" is not an attribute (a lowercase word, or word=number); a name holds no blank\n", err);
    return 1;
  }
  is_id = eq && *w == 2 && memcmp(a, "id", 2) == 0;
  if (too_big || (is_id && *v > NAMES_MAX_ID)) {
    fprintf(err, "%s:%d: error: the value of '%.*s' is out of range (0 to %ld)\n", file, line,
            (int)*w, a, is_id ? NAMES_MAX_ID : NAMES_MAX_VALUE);
    return 1;
  }
  if (eq && *w == 5 && memcmp(a, "count", 5) == 0) {
    fprintf(err,
            "%s:%d: error: the key 'count' would make ATTR_COUNT, which the table uses itself\n",
            file, line);
    return 1;
  }
  return 0;
}

/* Reads KEY=Word, the token a[0..t) (its '=' at eq), into at's spelling of KEY (a word, not id)
   and KEY into the list's spelling keys: Word is a letter, then letters, digits and '_', given
   once a line. Reports what is wrong and returns 1 if something is. */
static int read_spelling(struct names *list, const char *file, int line, const char *a, size_t t,
                         const char *eq, struct name *at, FILE *err) {
  size_t w = (size_t)(eq - a), n = t - w - 1, k = 0;
  const char *v = eq + 1;
  while (k < n && ((v[k] >= 'A' && v[k] <= 'Z') || (v[k] >= 'a' && v[k] <= 'z') ||
                   (k > 0 && ((v[k] >= '0' && v[k] <= '9') || v[k] == '_'))))
    k++;
  if (!is_word(a, w) || k < n || n > NAMES_MAX_WORD) {
    fprintf(err, "%s:%d: error: ", file, line);
    put_quoted(err, a, t);
    fprintf(err,
            " is no spelling: a lowercase key, '=', then a letter, letters, digits and '_' "
            "(at most %d bytes)\n",
            NAMES_MAX_WORD);
    return 1;
  }
  int i = intern(list->spelling_key, &list->nspellings, NAMES_MAX_SPELLINGS, a, w);
  if (i < 0) {
    fprintf(err, "%s:%d: error: more than %d keys of spellings\n", file, line, NAMES_MAX_SPELLINGS);
    return 1;
  }
  if (list->spelling_line[i] == 0)
    list->spelling_line[i] = line;
  if (at->spelling[i][0] != '\0') {
    fprintf(err, "%s:%d: error: '%.*s' is given twice\n", file, line, (int)w, a);
    return 1;
  }
  memcpy(at->spelling[i], v, n);
  at->spelling[i][n] = '\0';
  return 0;
}

/* Reads the attributes in a[0..n) (after the name s[0..name_len)) into at->flags, at->attr,
   at->id (id=N) and at->spelling (KEY=Word), adding new words to the list's flags and keys.
   Reports the first problem and returns 1 if there is one. */
static int parse_attributes(struct names *list, const char *file, int line, const char *s,
                            size_t name_len, const char *a, size_t n, struct name *at, FILE *err) {
  at->flags = 0;
  at->id = -1;
  memset(at->spelling, 0, sizeof at->spelling);
  for (int k = 0; k < NAMES_MAX_KEYS; k++)
    at->attr[k] = -1;
  while (n > 0) {
    while (n > 0 && (*a == ' ' || *a == '\t'))
      a++, n--;
    size_t t = 0, w;
    while (t < n && a[t] != ' ' && a[t] != '\t')
      t++;
    if (t == 0 || (t >= 2 && a[0] == '/' && a[1] == '/')) /* the end, or a trailing comment */
      break;
    const char *eq = memchr(a, '=', t);
    long v;
    if (eq && eq + 1 < a + t &&
        ((eq[1] >= 'A' && eq[1] <= 'Z') || (eq[1] >= 'a' && eq[1] <= 'z')) &&
        !(eq - a == 2 && memcmp(a, "id", 2) == 0)) { /* a spelling, not an attribute */
      if (read_spelling(list, file, line, a, t, eq, at, err))
        return 1;
      a += t, n -= t;
      continue;
    }
    if (read_attribute(file, line, s, name_len, a, t, eq, &w, &v, err))
      return 1;
    if (eq && w == 2 && memcmp(a, "id", 2) == 0) { /* the name's id, not an attribute */
      if (at->id >= 0) {
        fprintf(err, "%s:%d: error: 'id' is given twice\n", file, line);
        return 1;
      }
      at->id = v;
    } else if (add_attribute(list, file, line, a, w, eq != NULL, v, at, err) != 0) {
      return 1;
    }
    a += t, n -= t;
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
  memset(nm, 0, sizeof *nm); /* every member set, those later phases fill too (plain) */
  memcpy(nm->text, s, len);
  nm->len = len;
  nm->line = line;
  return 0;
}

/* Gives every name its id: its id=N, or the id before it plus one (0 for the first); reports
   an id past NAMES_MAX_ID and one that two names take, and returns the number of errors. */
static int number(struct names *list, FILE *err) {
  long *taker = malloc((NAMES_MAX_ID + 1) * sizeof *taker), next = 0; /* who took each id */
  int errors = 0;
  if (taker == NULL) {
    fprintf(err, "%s: error: out of memory\n", list->file);
    return 1;
  }
  for (long i = 0; i <= NAMES_MAX_ID; i++)
    taker[i] = -1;
  list->id_limit = 0;
  for (size_t i = 0; i < list->n; i++) {
    struct name *nm = &list->v[i];
    nm->id = nm->id >= 0 ? nm->id : next;
    next = nm->id + 1;
    if (nm->id > NAMES_MAX_ID) {
      fprintf(err, "%s:%d: error: ", list->file, nm->line);
      put_quoted(err, nm->text, nm->len);
      fprintf(err, " would take id %ld, the one after the last; ids go to %ld\n", nm->id,
              NAMES_MAX_ID);
      errors++;
      continue;
    }
    if (taker[nm->id] >= 0) {
      const struct name *was = &list->v[taker[nm->id]];
      fprintf(err, "%s:%d: error: ", list->file, nm->line);
      put_quoted(err, nm->text, nm->len);
      fprintf(err, " takes id %ld, which ", nm->id);
      put_quoted(err, was->text, was->len);
      fprintf(err, " took on line %d\n", was->line);
      errors++;
      continue;
    }
    taker[nm->id] = (long)i;
    list->id_limit = nm->id + 1 > list->id_limit ? nm->id + 1 : list->id_limit;
  }
  free(taker);
  return errors;
}

/* What one line of a list gave. */
enum line {
  LINE_BLANK, /* nothing: a blank or comment line */
  LINE_NAME,  /* a name, added to the list */
  LINE_BAD,   /* an error, reported: go on, to report every one */
  LINE_STOP,  /* an error, reported, after which nothing can go on */
};

/* Reads the line s[0..len), number `line`, of the list: a name and its attributes, added to
   out and to the set of its names seen. */
static enum line parse_line(struct names *out, struct name_set *seen, const char *s, size_t len,
                            int line, FILE *err) {
  const char *file = out->file;
  if (len > 0 && s[len - 1] == '\r') /* CRLF line ends */
    len--;
  while (len > 0 && (s[0] == ' ' || s[0] == '\t'))
    s++, len--;
  while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
    len--;
  if (len == 0 || (len >= 2 && s[0] == '/' && s[1] == '/'))
    return LINE_BLANK;
  size_t name_len = 0;
  struct name attrs;
  while (name_len < len && s[name_len] != ' ' && s[name_len] != '\t')
    name_len++;
  if (parse_attributes(out, file, line, s, name_len, s + name_len, len - name_len, &attrs, err) ||
      check_name(file, line, s, name_len, err))
    return LINE_BAD;
  size_t at = set_find(seen, s, name_len, same_name, out), i = seen->slot[at] - 1;
  if (seen->slot[at] != 0) {
    fprintf(err, "%s:%d: error: ", file, line);
    put_quoted(err, s, name_len);
    fputs(" repeats ", err);
    put_quoted(err, out->v[i].text, out->v[i].len);
    fprintf(err, " from line %d\n", out->v[i].line);
    return LINE_BAD;
  }
  if (out->n == NAMES_MAX_COUNT) {
    fprintf(err, "%s:%d: error: more than %d names\n", file, line, NAMES_MAX_COUNT);
    return LINE_STOP;
  }
  if (append(out, s, name_len, line) != 0) {
    fprintf(err, "%s:%d: error: out of memory\n", file, line);
    return LINE_STOP;
  }
  seen->slot[at] = out->n;
  out->v[out->n - 1].flags = attrs.flags;
  out->v[out->n - 1].id = attrs.id;
  out->v[out->n - 1].id_given = attrs.id >= 0;
  memcpy(out->v[out->n - 1].spelling, attrs.spelling, sizeof attrs.spelling);
  memcpy(out->v[out->n - 1].attr, attrs.attr, sizeof attrs.attr);
  return LINE_NAME;
}

int names_parse(struct names *out, const char *file, const char *text, size_t size, FILE *err) {
  int errors = 0, line = 0;
  struct name_set seen;
  memset(out, 0, sizeof *out);
  out->file = file;
  size_t lines = 1; /* at most a name a line, and no more than a list may hold */
  for (const char *nl = text; (nl = memchr(nl, '\n', size - (size_t)(nl - text))) != NULL; nl++)
    lines++;
  if (set_init(&seen, lines < NAMES_MAX_COUNT ? lines : NAMES_MAX_COUNT) != 0) {
    fprintf(err, "%s: error: out of memory\n", file);
    return 1;
  }
  size_t pos = 0;
  if (size >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) { /* read on, for the other errors */
    fprintf(err,
            "%s:1: error: the list begins with a UTF-8 byte-order mark (EF BB BF); a list is "
            "ASCII\n",
            file);
    errors++, pos = 3;
  }
  while (pos < size) {
    const char *s = text + pos, *nl = memchr(s, '\n', size - pos);
    size_t len = nl ? (size_t)(nl - s) : size - pos;
    pos += len + 1;
    enum line got = parse_line(out, &seen, s, len, ++line, err);
    errors += got == LINE_BAD || got == LINE_STOP;
    if (got == LINE_STOP)
      break;
  }
  free(seen.slot);
  if (errors == 0 && out->n == 0) {
    fprintf(err, "%s: error: the list has no names\n", file);
    errors++;
  }
  return errors ? errors : number(out, err);
}

const char *names_file_label(const char *path) { return strcmp(path, "-") == 0 ? "<stdin>" : path; }

int names_read_text(const char *path, char **text, size_t *size, FILE *err) {
  int is_stdin = strcmp(path, "-") == 0;
  FILE *f = is_stdin ? stdin : fopen(path, "rb");
  char *buf = NULL;
  size_t cap = 0;
  *text = NULL, *size = 0;
  path = names_file_label(path);
  if (f == NULL) {
    fprintf(err, "hhn-gen: error: cannot open '%s': %s\n", path, strerror(errno));
    return 1;
  }
  errno = 0;
  for (;;) {
    if (*size == cap) {
      char *b = realloc(buf, cap = cap ? 2 * cap : 65536);
      if (b == NULL) {
        fprintf(err, "hhn-gen: error: '%s': out of memory\n", path);
        free(buf);
        if (!is_stdin)
          fclose(f);
        return 1;
      }
      buf = b;
    }
    size_t got = fread(buf + *size, 1, cap - *size, f);
    *size += got;
    if (got == 0)
      break;
    if (*size > NAMES_MAX_FILE) {
      fprintf(err,
              "hhn-gen: error: '%s' is over 16 MB, more than a list or a table of fields "
              "may be\n",
              path);
      free(buf);
      if (!is_stdin)
        fclose(f);
      return 1;
    }
  }
  int failed = ferror(f), why = errno ? errno : EIO;
  if (!is_stdin)
    fclose(f);
  if (failed) {
    fprintf(err, "hhn-gen: error: cannot read '%s': %s\n", path, strerror(why));
    free(buf);
    return 1;
  }
  *text = buf;
  return 0;
}

int names_read_file(struct names *out, const char *path, FILE *err) {
  char *buf;
  size_t size;
  memset(out, 0, sizeof *out);
  out->file = names_file_label(path);
  if (names_read_text(path, &buf, &size, err) != 0)
    return 1;
  int errors = names_parse(out, out->file, buf, size, err);
  free(buf);
  return errors;
}

int names_lonely_flag(const struct names *list, size_t *name) {
  for (int k = 0; k < list->nflags && list->n > 1; k++) {
    size_t count = 0;
    for (size_t i = 0; i < list->n; i++)
      if ((list->v[i].flags >> k) & 1)
        count++, *name = i;
    if (count == 1)
      return k;
  }
  return -1;
}

static int by_bytes(const void *a, const void *b) {
  return strcmp(((const struct name *)a)->text, ((const struct name *)b)->text);
}

int names_number_sorted(struct names *list, const char *why, FILE *err) {
  int errors = 0;
  for (size_t i = 0; i < list->n; i++)
    if (list->v[i].id_given)
      errors++, fprintf(err,
                        "%s:%d: error: id=%ld: %s number the names in the order of their "
                        "bytes, not by id=\n",
                        list->file, list->v[i].line, list->v[i].id, why);
  if (errors == 0 && list->n > 1)
    qsort(list->v, list->n, sizeof *list->v, by_bytes);
  for (size_t i = 0; errors == 0 && i < list->n; i++)
    list->v[i].id = (long)i;
  return errors;
}

void names_lengths(const struct names *list, size_t *min, size_t *max) {
  *min = NAMES_MAX_LENGTH, *max = 0;
  for (size_t i = 0; i < list->n; i++) {
    *min = list->v[i].len < *min ? list->v[i].len : *min;
    *max = list->v[i].len > *max ? list->v[i].len : *max;
  }
}

void names_free(struct names *list) {
  for (size_t i = 0; i < list->n; i++)
    free(list->v[i].ident), free(list->v[i].word);
  free(list->v);
  list->v = NULL;
  list->n = 0;
}
