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

const char *rust_variant_of_id(const char *ident, int plain, char *buf) {
  size_t n;
  if (plain)
    snprintf(buf, RUST_WORD, "%s", ident);
  else
    idents_camel(ident, buf);
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

/* The Rust variant of name i (an idents_word_fn). */
static const char *variant(const struct names *list, size_t i, char *buf) {
  return rust_variant_of(list, i, buf);
}

int rust_idents_make(struct names *list, FILE *err) {
  if (check_given(list, err) != 0)
    return 1;
  return idents_unique(list, "rust", variant, "Rust variant", err);
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
