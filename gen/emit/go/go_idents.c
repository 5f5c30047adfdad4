/* go_idents.c: the Go target's identifier rules (see go_idents.h). */
#include "go_idents.h"

#include <string.h>

/* Go's keywords: no package may be named one. */
static const char *const go_keywords[] = {
    "break",  "case",        "chan", "const",   "continue", "default", "defer",
    "else",   "fallthrough", "for",  "func",    "go",       "goto",    "if",
    "import", "interface",   "map",  "package", "range",    "return",  "select",
    "struct", "switch",      "type", "var",     "main",
};

/* The package's own exported identifiers, which no name's constant may be. */
static const char *const go_own[] = {
    "All",
    "Class",
    "ClassInvalid",
    "ClassKnown",
    "ClassUnknown",
    "ClassUppercase",
    "Classify",
    "ClassifyLower",
    "ClassifyLowerString",
    "ClassifyString",
    "Count",
    "Field",
    "FieldAt",
    "FieldCount",
    "FieldMatch",
    "Id",
    "IdLimit",
    "IdOf",
    "Lookup",
    "LookupLower",
    "LookupLowerString",
    "LookupString",
    "MatchField",
    "MatchFieldLower",
    "MatchFieldLowerString",
    "MatchFieldString",
    "MaxLength",
    "MinLength",
    "AttrCount",
};

const char *go_word_camel(const char *word, char *buf) {
  char id[NAMES_MAX_WORD + 1];
  size_t n = 0;
  for (; word[n] && n < NAMES_MAX_WORD; n++)
    id[n] = names_ident_char(word[n]);
  id[n] = '\0';
  return idents_camel(id, buf);
}

/* Whether word is one of the package's own identifiers: go_own, or a flag's or a key's
   constant (Flag and Attr before the CamelCase of the word's identifier). */
static int is_own(const struct names *list, const char *word) {
  char buf[IDENTS_WORD];
  for (size_t k = 0; k < sizeof go_own / sizeof go_own[0]; k++)
    if (strcmp(word, go_own[k]) == 0)
      return 1;
  for (int k = 0; k < list->nflags + list->nkeys; k++) {
    const char *w = k < list->nflags ? list->flag[k] : list->key[k - list->nflags];
    if (strncmp(word, k < list->nflags ? "Flag" : "Attr", 4) == 0 &&
        strcmp(word + 4, go_word_camel(w, buf)) == 0)
      return 1;
  }
  return 0;
}

const char *go_const_of(const struct names *list, size_t i, char *buf) {
  const char *given = names_spelling(list, i, "go");
  size_t n;
  if (given[0] != '\0')
    return strcpy(buf, given);
  idents_camel(list->v[i].ident, buf);
  if (list->v[i].plain || is_own(list, buf))
    snprintf(buf, IDENTS_WORD, "%s", list->v[i].ident);
  n = strlen(buf);
  if (n == 0 || !((buf[0] >= 'A' && buf[0] <= 'Z') || (buf[0] >= 'a' && buf[0] <= 'z'))) {
    memmove(buf + 4, buf, n + 1);
    memcpy(buf, "Name", 4);
  }
  return buf;
}

/* Reports each go=Word of the list that is no exported identifier of Go or is one of the
   package's own; returns how many. */
static int check_given(const struct names *list, FILE *err) {
  int errors = 0;
  for (size_t i = 0; i < list->n; i++) {
    const char *v = names_spelling(list, i, "go");
    size_t k = 0;
    while ((v[k] >= 'A' && v[k] <= 'Z') || (v[k] >= 'a' && v[k] <= 'z') ||
           (k > 0 && ((v[k] >= '0' && v[k] <= '9') || v[k] == '_')))
      k++;
    if (v[0] != '\0' && (v[k] != '\0' || v[0] < 'A' || v[0] > 'Z' || is_own(list, v)))
      errors++, fprintf(err,
                        "%s:%d: error: 'go=%s' is no Go constant of a name: write go= and a "
                        "letter A-Z, then letters, digits and '_' (at most %d bytes), none of "
                        "the package's own identifiers (%s, ...)\n",
                        list->file, list->v[i].line, v, NAMES_MAX_WORD, go_own[0]);
  }
  return errors;
}

int go_idents_make(struct names *list, FILE *err) {
  if (check_given(list, err) != 0)
    return 1;
  return idents_unique(list, "go", go_const_of, "Go constant", err);
}

const char *go_prefix_rule(const char *prefix) {
  size_t n = strlen(prefix);
  for (const char *s = prefix; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_'))
      return "a Go package's name is in lowercase (a-z, 0-9 and '_')";
  if (n >= 5 && strcmp(prefix + n - 5, "_test") == 0)
    return "a Go package whose name ends in _test is a test's";
  for (size_t i = 0; i < sizeof go_keywords / sizeof go_keywords[0]; i++)
    if (strcmp(prefix, go_keywords[i]) == 0)
      return "it is a Go keyword, or main (a command's package)";
  return NULL;
}
