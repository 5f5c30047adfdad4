/* rust_idents.c: the Rust target's identifier rules (see rust_idents.h). */
#include "rust_idents.h"

#include <stdlib.h>
#include <string.h>

/* Rust's keywords, strict and reserved, of every edition, and the crates every crate has, in
   order: no prefix may be one (a module's name). */
static const char *const rust_keywords[] = {
    "abstract", "alloc",  "as",     "async",   "await",  "become",   "box",   "break",  "const",
    "continue", "core",   "crate",  "do",      "dyn",    "else",     "enum",  "extern", "false",
    "final",    "fn",     "for",    "gen",     "if",     "impl",     "in",    "let",    "loop",
    "macro",    "match",  "mod",    "move",    "mut",    "override", "priv",  "pub",    "ref",
    "return",   "self",   "static", "std",     "struct", "super",    "trait", "true",   "try",
    "type",     "typeof", "unsafe", "unsized", "use",    "virtual",  "where", "while",  "yield",
};

/* The CamelCase of ident in buf (see rust_variant_of_id). */
static const char *camel(const char *ident, char *buf) {
  size_t n = 0;
  int start = 1; /* at the start of a part: the next letter stays uppercase */
  for (const char *s = ident; *s && n + 5 < RUST_WORD; s++) {
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

const char *rust_variant_of_id(const char *ident, int plain, char *buf) {
  size_t n;
  if (plain)
    snprintf(buf, RUST_WORD, "%s", ident);
  else
    camel(ident, buf);
  n = strlen(buf);
  if (n == 0 || !((buf[0] >= 'A' && buf[0] <= 'Z') || (buf[0] >= 'a' && buf[0] <= 'z')) ||
      strcmp(buf, "Self") == 0) { /* no identifier of Rust's, or its keyword */
    memmove(buf + 4, buf, n + 1);
    memcpy(buf, "Name", 4);
  }
  return buf;
}

const char *rust_variant_of(const struct names *list, size_t i, char *buf) {
  const char *given = names_spelling(list, i, "rust");
  if (given[0] != '\0')
    return strcpy(buf, given);
  return rust_variant_of_id(list->v[i].ident, list->v[i].plain, buf);
}

/* Reports each rust=Variant of the list that is no CamelCase variant; returns how many. */
static int check_given(const struct names *list, FILE *err) {
  int errors = 0;
  for (size_t i = 0; i < list->n; i++) {
    const char *v = names_spelling(list, i, "rust");
    size_t k = 0;
    while ((v[k] >= 'A' && v[k] <= 'Z') || (v[k] >= 'a' && v[k] <= 'z') ||
           (k > 0 && v[k] >= '0' && v[k] <= '9'))
      k++;
    if (v[0] != '\0' && (v[k] != '\0' || v[0] < 'A' || v[0] > 'Z' || strcmp(v, "Self") == 0))
      errors++, fprintf(err,
                        "%s:%d: error: 'rust=%s' is no Rust variant: write rust= and a letter "
                        "A-Z, then letters and digits (CamelCase, at most %d bytes, not Self)\n",
                        list->file, list->v[i].line, v, NAMES_MAX_WORD);
  }
  return errors;
}

/* Reports that two names of the list were given one Rust variant (rust=), or one and another's
   id; returns 1. */
static int meet(const struct names *list, const struct idents_word *a, const struct idents_word *b,
                FILE *err) {
  const struct name *x = &list->v[a->i], *y = &list->v[b->i];
  if (x->line > y->line) {
    const struct name *t = x;
    x = y, y = t;
  }
  fprintf(err, "%s:%d: error: the Rust variant %s of '%s' is also that of '%s' (line %d)\n",
          list->file, y->line, a->word, y->text, x->text, x->line);
  return 1;
}

/* One pass over the variants v (sorted here): makes plain each name of a pair that meets and
   is neither given nor plain yet; *changed says whether one was. Returns the index plus one of
   a pair that meets with no name to change, or 0. */
static size_t make_plain(struct names *list, struct idents_word *v, int *changed) {
  size_t stuck = 0;
  *changed = 0;
  for (size_t i = 0; i < list->n; i++)
    rust_variant_of(list, i, v[i].word), v[i].i = i;
  idents_sort_words(v, list->n);
  for (size_t k = 1; k < list->n; k++) {
    int moved = 0;
    if (strcmp(v[k].word, v[k - 1].word) != 0)
      continue;
    for (size_t j = k - 1; j <= k; j++)
      if (!list->v[v[j].i].plain && names_spelling(list, v[j].i, "rust")[0] == '\0')
        list->v[v[j].i].plain = *changed = moved = 1;
    if (!moved && stuck == 0)
      stuck = k + 1;
  }
  return stuck;
}

int rust_idents_make(struct names *list, FILE *err) {
  if (check_given(list, err) != 0)
    return 1;
  struct idents_word *v = malloc((list->n ? list->n : 1) * sizeof *v);
  int changed = 1;
  if (v == NULL) {
    fprintf(err, "hhn-gen: error: out of memory\n");
    return 1;
  }
  /* names whose variants meet take their ids as they are, until none meet: ids are unique, so
     this ends, at the latest with every name plain */
  while (changed) {
    size_t stuck = make_plain(list, v, &changed);
    if (!changed && stuck) { /* each is given (rust=) or its id already: no other to take */
      meet(list, &v[stuck - 2], &v[stuck - 1], err);
      free(v);
      return 1;
    }
  }
  free(v); /* the last pass found no two alike */
  return 0;
}

/* Whether s is one of Rust's keywords (or crates every crate has). */
static int is_keyword(const char *s) {
  for (size_t i = 0; i < sizeof rust_keywords / sizeof rust_keywords[0]; i++)
    if (strcmp(s, rust_keywords[i]) == 0)
      return 1;
  return 0;
}

const char *rust_prefix_rule(const char *prefix) {
  for (const char *s = prefix; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_'))
      return "a Rust module's name is in lowercase (a-z, 0-9 and '_')";
  if (is_keyword(prefix))
    return "it is a Rust keyword or a crate every crate has";
  return NULL;
}
