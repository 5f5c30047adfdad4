/* words.c: a target's identifier rules, applied (see words.h). */
#include "words.h"

#include <stdlib.h>
#include <string.h>

/* A name's word and its index in the list, to find two names of one word. */
struct word {
  char text[WORDS_MAX];
  size_t i;
};

const char *words_camel(const char *ident, char *buf) {
  size_t n = 0;
  int start = 1; /* at the start of a part: the next letter stays as it is */
  for (const char *s = ident; *s && n + 5 < WORDS_MAX; s++) {
    if (*s == '_') {
      start = 1;
      continue;
    }
    buf[n++] = (char)(!start && *s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s);
    start = 0;
  }
  buf[n] = '\0';
  return buf;
}

const char *words_of_list_word(const char *word, char *buf) {
  char id[NAMES_MAX_WORD + 1];
  size_t n = 0;
  for (; word[n] && n < NAMES_MAX_WORD; n++)
    id[n] = ascii_ident_char(word[n]);
  id[n] = '\0';
  return words_camel(id, buf);
}

/* Whether w is one of the target's own identifiers. */
static int is_own(const struct names *list, const struct word_rules *r, const char *w) {
  char buf[WORDS_MAX];
  for (size_t k = 0; r->own != NULL && r->own[k] != NULL; k++)
    if (strcmp(w, r->own[k]) == 0)
      return 1;
  for (int k = 0; r->flag_own != NULL && k < list->nflags + list->nkeys; k++) {
    const char *before = k < list->nflags ? r->flag_own : r->key_own;
    const char *lw = k < list->nflags ? list->flag[k] : list->key[k - list->nflags];
    if (strncmp(w, before, strlen(before)) == 0 &&
        strcmp(w + strlen(before), words_of_list_word(lw, buf)) == 0)
      return 1;
  }
  return 0;
}

/* The name's text without the bytes of r->strip, in buf, if that is an identifier (an ASCII
   letter, then letters, digits and '_'; with r->strip_camel, A-Z, then letters and digits)
   and none of the target's own, nor r->exclude; else NULL. */
static const char *stripped(const struct names *list, const struct word_rules *r,
                            const struct name *nm, char *buf) {
  size_t n = 0;
  for (const char *s = nm->text; *s; s++)
    if (strchr(r->strip, *s) == NULL)
      buf[n++] = *s;
  buf[n] = '\0';
  for (size_t k = 0; k < n; k++)
    if (!((buf[k] >= 'A' && buf[k] <= 'Z') ||
          (buf[k] >= 'a' && buf[k] <= 'z' && !(r->strip_camel && k == 0)) ||
          (k > 0 && ((buf[k] >= '0' && buf[k] <= '9') || (buf[k] == '_' && !r->strip_camel)))))
      return NULL;
  return n > 0 && !is_own(list, r, buf) && !(r->exclude != NULL && strcmp(buf, r->exclude) == 0)
             ? buf
             : NULL;
}

/* Whether c is an ASCII letter or digit. */
static int alnum(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

/* Whether the n bytes of part, in capitals, are one of r->initialisms. */
static int is_initialism(const struct word_rules *r, const char *part, size_t n) {
  for (size_t k = 0; r->initialisms[k] != NULL; k++) {
    const char *w = r->initialisms[k];
    size_t i = 0;
    while (i < n && w[i] != '\0' && ascii_upper((unsigned char)part[i]) == (unsigned char)w[i])
      i++;
    if (i == n && w[i] == '\0')
      return 1;
  }
  return 0;
}

/* Puts in capitals each part of w that is one of r->initialisms, a part ending where a small
   letter meets another byte (as staticcheck parts a Go name: XRequestIdFoo's Id). */
static void caps_initialisms(const struct word_rules *r, char *w) {
  size_t start = 0, n = strlen(w);
  for (size_t i = 0; i < n; i++) {
    if (i + 1 < n && !(w[i] >= 'a' && w[i] <= 'z' && !(w[i + 1] >= 'a' && w[i + 1] <= 'z')))
      continue;
    if (is_initialism(r, w + start, i + 1 - start))
      for (size_t k = start; k <= i; k++)
        w[k] = (char)ascii_upper((unsigned char)w[k]);
    start = i + 1;
  }
}

/* The name's word by r->initialisms (see words.h), in buf. */
static const char *by_initialisms(const struct word_rules *r, const char *text, char *buf) {
  int upper = 0, lower = 0;
  size_t n = 0;
  for (const char *s = text; *s; s++)
    upper |= *s >= 'A' && *s <= 'Z', lower |= *s >= 'a' && *s <= 'z';
  if (text[0] == ':') /* a pseudo-header's, as its C id (PSEUDO_PATH) */
    n = (size_t)sprintf(buf, "Pseudo");
  for (const char *s = text; *s;) {
    size_t len = 0;
    int caps;
    while (*s != '\0' && !alnum(*s))
      s++;
    while (alnum(s[len]))
      len++;
    caps = is_initialism(r, s, len);
    for (size_t i = 0; i < len; i++, s++)
      buf[n++] = (char)(caps || i == 0   ? ascii_upper((unsigned char)*s)
                        : upper && lower ? *s
                                         : ascii_lower((unsigned char)*s));
  }
  buf[n] = '\0';
  caps_initialisms(r, buf);
  return buf;
}

/* The name's word before the rules for plain names and "Name", in buf. */
static const char *made_word(const struct word_rules *r, const struct name *nm, char *buf) {
  return r->initialisms != NULL ? by_initialisms(r, nm->text, buf) : words_camel(nm->ident, buf);
}

/* The word of name i, in buf. */
static const char *word_of(const struct names *list, const struct word_rules *r, size_t i,
                           char *buf) {
  const struct name *nm = &list->v[i];
  size_t n;
  if (names_spelling(list, i, r->key)[0] != '\0')
    return strcpy(buf, names_spelling(list, i, r->key));
  if (!nm->plain && r->strip != NULL && stripped(list, r, nm, buf) != NULL)
    return buf;
  made_word(r, nm, buf);
  if (nm->plain || is_own(list, r, buf)) { /* plain: its word and place, or its C id */
    if (r->plain_place)
      snprintf(buf + strlen(buf), WORDS_MAX - strlen(buf), "X%zu", i);
    else
      snprintf(buf, WORDS_MAX, "%s", nm->ident);
  }
  n = strlen(buf);
  if (n == 0 || !((buf[0] >= 'A' && buf[0] <= 'Z') || (buf[0] >= 'a' && buf[0] <= 'z')) ||
      (r->exclude != NULL && strcmp(buf, r->exclude) == 0) || is_own(list, r, buf)) {
    memmove(buf + 4, buf, n + 1);
    memcpy(buf, "Name", 4);
  }
  return buf;
}

/* Reports each KEY=Word of the list that the rules refuse; returns how many. */
static int check_given(const struct names *list, const struct word_rules *r, FILE *err) {
  int errors = 0;
  for (size_t i = 0; i < list->n; i++) {
    const char *v = names_spelling(list, i, r->key);
    size_t k = 0;
    while ((v[k] >= 'A' && v[k] <= 'Z') || (v[k] >= 'a' && v[k] <= 'z') ||
           (k > 0 && ((v[k] >= '0' && v[k] <= '9') || (r->underscore && v[k] == '_'))))
      k++;
    if (v[0] != '\0' && (v[k] != '\0' || v[0] < 'A' || v[0] > 'Z' || is_own(list, r, v) ||
                         (r->exclude != NULL && strcmp(v, r->exclude) == 0)))
      errors++, fprintf(err, "%s:%d: error: '%s=%s' is no %s\n", list->file, list->v[i].line,
                        r->key, v, r->given_rule);
  }
  return errors;
}

static int by_text(const void *a, const void *b) {
  const struct word *x = a, *y = b;
  int c = strcmp(x->text, y->text);
  return c ? c : x->i < y->i ? -1 : x->i > y->i;
}

/* Reports that two names of the list were given one word (key=), or one and another's id;
   returns 1. */
static int meet(const struct names *list, const struct word *a, const struct word *b,
                const char *what, FILE *err) {
  const struct name *x = &list->v[a->i], *y = &list->v[b->i];
  if (x->line > y->line) {
    const struct name *t = x;
    x = y, y = t;
  }
  fprintf(err, "%s:%d: error: the %s %s of '%s' is also that of '%s' (line %d)\n", list->file,
          y->line, what, a->text, y->text, x->text, x->line);
  return 1;
}

/* One pass over the words v (sorted here): makes plain each name of a pair that meets and is
   neither spelled by the list nor plain yet; *changed says whether one was. Returns the index
   plus one of a pair that meets with no name to change, or 0. */
static size_t make_plain(struct names *list, const struct word_rules *r, struct word *v,
                         int *changed) {
  size_t stuck = 0;
  *changed = 0;
  for (size_t i = 0; i < list->n; i++)
    word_of(list, r, i, v[i].text), v[i].i = i;
  qsort(v, list->n, sizeof *v, by_text);
  for (size_t k = 1; k < list->n; k++) {
    int moved = 0;
    if (strcmp(v[k].text, v[k - 1].text) != 0)
      continue;
    for (size_t j = k - 1; j <= k; j++)
      if (!list->v[v[j].i].plain && names_spelling(list, v[j].i, r->key)[0] == '\0')
        list->v[v[j].i].plain = *changed = moved = 1;
    if (!moved && stuck == 0)
      stuck = k + 1;
  }
  return stuck;
}

/* Keeps each name's word of v in the name; returns 0, or -1 when out of memory. */
static int keep(struct names *list, const struct word *v) {
  for (size_t k = 0; k < list->n; k++) {
    struct name *nm = &list->v[v[k].i];
    free(nm->word);
    if ((nm->word = malloc(strlen(v[k].text) + 1)) == NULL)
      return -1;
    strcpy(nm->word, v[k].text);
  }
  return 0;
}

/* Makes plain each name whose word would be its CamelCase, and that one of the target's own
   (Rust's ALL, Go's FuzzLookup), so that the target says so where it says a name is plain. */
static void plain_own(struct names *list, const struct word_rules *r) {
  char buf[WORDS_MAX];
  for (size_t i = 0; i < list->n; i++) {
    struct name *nm = &list->v[i];
    if (names_spelling(list, i, r->key)[0] == '\0' &&
        !(r->strip != NULL && stripped(list, r, nm, buf) != NULL) &&
        is_own(list, r, made_word(r, nm, buf)))
      nm->plain = 1;
  }
}

int words_make(struct names *list, const struct word_rules *r, FILE *err) {
  struct word *v;
  int changed = 1;
  if (check_given(list, r, err) != 0)
    return 1;
  plain_own(list, r);
  if ((v = malloc((list->n ? list->n : 1) * sizeof *v)) == NULL)
    return fprintf(err, "hhn-gen: error: out of memory\n"), 1;
  /* names whose words meet take their ids as they are, until none meet: ids are unique, so
     this ends, at the latest with every name plain */
  while (changed) {
    size_t stuck = make_plain(list, r, v, &changed);
    if (!changed && stuck) { /* each is spelled (key=) or its id already: no other to take */
      meet(list, &v[stuck - 2], &v[stuck - 1], r->what, err);
      free(v);
      return 1;
    }
  }
  int failed = keep(list, v); /* the last pass found no two alike */
  free(v);
  if (failed)
    fprintf(err, "hhn-gen: error: out of memory\n");
  return failed ? 1 : 0;
}

const char *words_prefix(const char *prefix, const struct word_rules *r) {
  size_t n = strlen(prefix);
  for (const char *s = prefix; r->prefix_case != NULL && *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_'))
      return r->prefix_case;
  if (r->suffix != NULL && n >= strlen(r->suffix) &&
      strcmp(prefix + n - strlen(r->suffix), r->suffix) == 0)
    return r->suffix_why;
  for (size_t i = 0; r->keywords != NULL && r->keywords[i] != NULL; i++)
    if (strcmp(prefix, r->keywords[i]) == 0)
      return r->keyword_why;
  return NULL;
}

/* Whether the n bytes at s are one of r's keywords. */
static int is_keyword(const char *s, size_t n, const struct word_rules *r) {
  for (int i = 0; r->keywords != NULL && r->keywords[i] != NULL; i++)
    if (strlen(r->keywords[i]) == n && strncmp(s, r->keywords[i], n) == 0)
      return 1;
  return 0;
}

int words_is_path(const char *path, const struct word_rules *r) {
  for (const char *s = path; strlen(path) <= 200; s += 2) {
    size_t k = 0;
    while ((s[k] >= 'a' && s[k] <= 'z') || (s[k] >= 'A' && s[k] <= 'Z') || s[k] == '_' ||
           (k > 0 && s[k] >= '0' && s[k] <= '9'))
      k++;
    if (k == 0 || (k == 1 && s[0] == '_') || is_keyword(s, k, r))
      return 0;
    s += k;
    if (*s == '\0')
      return 1;
    if (s[0] != ':' || s[1] != ':')
      return 0;
  }
  return 0;
}
