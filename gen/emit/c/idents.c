/* idents.c: how a generated table names things, and which names it may not take (see
   idents.h). */
#include "idents.h"

#include "table_idents.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The macros that an id could be (uppercase, with an underscore) of the headers that a table,
   its test and its C++ layer include (<limits.h>, <setjmp.h>, <signal.h>, <stddef.h>,
   <stdint.h>, <stdio.h>,
   <stdlib.h>, <string.h>, <sys/mman.h>, <unistd.h>, <immintrin.h>, <cstddef>, <cstdint>,
   <string_view>), in glibc and musl with _GNU_SOURCE: tools/libc-macros.sh gathers them, sorted
   for bsearch. */
static const char *const library[] = {
#include "reserved_macros.inc"
};

/* The table's own macros, after its prefix and an underscore. */
static const char *const own[] = {"ATTR_COUNT",   "COUNT",     "FIELD_COUNT",   "H",
                                  "ID_LIMIT",     "INVALID",   "MAX_LENGTH",    "MIN_LENGTH",
                                  "UNKNOWN",      "UPPERCASE", "VERSION_MAJOR", "VERSION_MINOR",
                                  "VERSION_PATCH"};

/* The headers a prefix may not name, as P.h would: the C library's (C23, POSIX, glibc's own) and
   the compilers' that a C file may include as <P.h>, which P.h would stand for wherever its
   folder is on the include path. Sorted for bsearch. */
static const char *const headers[] = {
    "aio",       "alloca", "arm_neon",  "assert",      "byteswap",  "complex",   "cpio",
    "cpuid",     "ctype",  "dirent",    "dlfcn",       "emmintrin", "endian",    "err",
    "errno",     "error",  "fcntl",     "features",    "fenv",      "float",     "fmtmsg",
    "fnmatch",   "ftw",    "getopt",    "glob",        "grp",       "iconv",     "immintrin",
    "inttypes",  "iso646", "langinfo",  "libgen",      "limits",    "locale",    "malloc",
    "math",      "memory", "monetary",  "mqueue",      "ndbm",      "netdb",     "nl_types",
    "nmmintrin", "paths",  "pmmintrin", "poll",        "pthread",   "pwd",       "regex",
    "sched",     "search", "semaphore", "setjmp",      "signal",    "smmintrin", "spawn",
    "stdalign",  "stdarg", "stdatomic", "stdbit",      "stdbool",   "stdckdint", "stddef",
    "stdint",    "stdio",  "stdlib",    "stdnoreturn", "string",    "strings",   "stropts",
    "sysexits",  "syslog", "tar",       "termios",     "tgmath",    "threads",   "time",
    "tmmintrin", "uchar",  "ulimit",    "unistd",      "utime",     "utmpx",     "values",
    "wchar",     "wctype", "wordexp",   "x86intrin",   "xmmintrin"};

const char *const idents_cxx_keywords[] = {"alignas",       "alignof",     "and",
                                           "and_eq",        "asm",         "auto",
                                           "bitand",        "bitor",       "bool",
                                           "break",         "case",        "catch",
                                           "char",          "char16_t",    "char32_t",
                                           "char8_t",       "class",       "co_await",
                                           "co_return",     "co_yield",    "compl",
                                           "concept",       "const",       "const_cast",
                                           "consteval",     "constexpr",   "constinit",
                                           "continue",      "decltype",    "default",
                                           "delete",        "do",          "double",
                                           "dynamic_cast",  "else",        "enum",
                                           "explicit",      "export",      "extern",
                                           "false",         "float",       "for",
                                           "friend",        "goto",        "if",
                                           "inline",        "int",         "long",
                                           "mutable",       "namespace",   "new",
                                           "noexcept",      "not",         "not_eq",
                                           "nullptr",       "operator",    "or",
                                           "or_eq",         "private",     "protected",
                                           "public",        "register",    "reinterpret_cast",
                                           "requires",      "return",      "short",
                                           "signed",        "sizeof",      "static",
                                           "static_assert", "static_cast", "struct",
                                           "switch",        "template",    "this",
                                           "thread_local",  "throw",       "true",
                                           "try",           "typedef",     "typeid",
                                           "typename",      "union",       "unsigned",
                                           "using",         "virtual",     "void",
                                           "volatile",      "wchar_t",     "while",
                                           "xor",           "xor_eq",      NULL};

/* The lowercase macros that a C++ file may have before P.hpp: the C library's (<assert.h>,
   <errno.h>, <stddef.h>, <setjmp.h>, <stdio.h>, <stdarg.h>) and those that GCC and Clang
   predefine in their GNU modes (the default) on Linux and the systems before it. Sorted. */
static const char *const cxx_macros[] = {
    "assert", "errno",    "i386",   "i486",    "i586",   "i686",     "linux",
    "mips",   "offsetof", "setjmp", "sparc",   "stderr", "stdin",    "stdout",
    "sun",    "unix",     "va_arg", "va_copy", "va_end", "va_start", "vax"};

/* The names that P.hpp's headers declare in the global namespace and the compilers' built-in
   functions (tools/cxx-globals.sh gathers them), sorted, and the namespaces that C++ keeps for
   itself. */
static const char *const cxx_globals[] = {
#include "reserved_cxx.inc"
};
static const char *const cxx_namespaces[] = {"posix", "std"};

static int by_name(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Whether s is one of the n sorted words of set. */
#define AMONG(s, set) among(s, set, sizeof set / sizeof set[0])
/* The keywords but the NULL that ends them. */
#define CXX_KEYWORDS (sizeof idents_cxx_keywords / sizeof idents_cxx_keywords[0] - 1)
static int among(const char *s, const char *const *set, size_t n) {
  return bsearch(&s, set, n, sizeof set[0], by_name) != NULL;
}

/* Whether s ends with end. */
static int ends_with(const char *s, const char *end) {
  size_t n = strlen(s), m = strlen(end);
  return n >= m && strcmp(s + n - m, end) == 0;
}

const char *idents_reserved(const char *id) {
  if (AMONG(id, library))
    return "which the C library's headers define";
  if ((strncmp(id, "INT", 3) == 0 || strncmp(id, "UINT", 4) == 0) &&
      (ends_with(id, "_MAX") || ends_with(id, "_MIN") || ends_with(id, "_C") ||
       ends_with(id, "_WIDTH")))
    return "which C reserves for <stdint.h>";
  for (int i = 0; i < table_idents_count; i++) /* its own macros, as two files spell them */
    if (table_idents[i].kind != TABLE_IDENT_NAME && strcmp(id, table_idents[i].name) == 0)
      return "which the table's source defines for itself";
  return NULL;
}

int idents_static_file(const char *ident) {
  for (int i = 0; i < table_idents_count;
       i++) /* its own macros and constants, prefixed in one file */
    if (table_idents[i].kind != TABLE_IDENT_NAME && strcmp(ident, table_idents[i].name) == 0)
      return 1;
  return 0;
}

int idents_own(const char *ident) {
  for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
    if (strcmp(ident, own[i]) == 0)
      return 1;
  return 0;
}

/* Why the prefix cannot be the namespace of P.hpp (--cxx), or NULL if it can. */
static const char *cxx_prefix(const char *prefix) {
  if (among(prefix, idents_cxx_keywords, CXX_KEYWORDS))
    return "it is a C++ keyword, which --cxx's namespace cannot be";
  if (AMONG(prefix, cxx_macros))
    return "it is a macro that C++ compilers or the C library define, which would replace "
           "--cxx's namespace";
  if (AMONG(prefix, cxx_namespaces))
    return "C++ keeps that namespace for its library, where --cxx's names would meet its own";
  if (AMONG(prefix, cxx_globals))
    return "the C library has that name in the global namespace, or the compilers for a built-in "
           "function, which --cxx's namespace would meet";
  return NULL;
}

/* The full id name of an ident with the prefix in uppercase, in buf (NAMES_MAX_LENGTH + 48
   bytes). */
static const char *full_id(char *buf, const char *prefix, const char *ident) {
  size_t n = 0;
  for (; *prefix && n < 40; prefix++)
    buf[n++] = (char)ascii_upper(*prefix);
  snprintf(buf + n, NAMES_MAX_LENGTH + 8, "_%s", ident);
  return buf;
}

const char *idents_prefix(const char *prefix, int cxx, int header) {
  static char why[200 + NAMES_MAX_LENGTH];
  char id[NAMES_MAX_LENGTH + 48];
  if (prefix[0] == '_')
    return "it begins with '_', and C reserves such names for the compiler and its library";
  if (header && AMONG(prefix, headers)) {
    snprintf(why, sizeof why,
             "it would name the header %s.h after the C library's, which it would stand for "
             "where its folder is on the include path",
             prefix);
    return why;
  }
  if (cxx && cxx_prefix(prefix) != NULL)
    return cxx_prefix(prefix);
  for (size_t i = 0; i < sizeof own / sizeof own[0]; i++) { /* the table's own macros */
    const char *by = idents_reserved(full_id(id, prefix, own[i]));
    if (by != NULL) {
      snprintf(why, sizeof why, "it makes the macro %s, %s", id, by);
      return why;
    }
  }
  return NULL;
}

int idents_cxx_word(const char *word) {
  return among(word, idents_cxx_keywords, CXX_KEYWORDS) || AMONG(word, cxx_macros) ||
         strcmp(word, "unknown") == 0 || strcmp(word, "invalid") == 0 ||
         strcmp(word, "uppercase") == 0 || strncmp(word, "__", 2) == 0;
}

/* === The ids of the names =================================================================== */

/* Whether word (an attribute word) makes the identifier s (see ascii_ident_char). */
static int spells(const char *word, const char *s) {
  for (; *word; word++, s++)
    if (*s != ascii_ident_char(*word))
      return 0;
  return *s == '\0';
}

/* Whether a table already defines the identifier id (after its prefix) for something else:
   its macros, or its FLAG_ and ATTR_ names of the list's attributes. */
static int is_taken(const struct names *list, const char *id) {
  if (idents_own(id))
    return 1;
  for (int i = 0; i < list->nflags && strncmp(id, "FLAG_", 5) == 0; i++)
    if (spells(list->flag[i], id + 5))
      return 1;
  for (int i = 0; i < list->nkeys && strncmp(id, "ATTR_", 5) == 0; i++)
    if (spells(list->key[i], id + 5))
      return 1;
  return 0;
}

/* A name's index and its id, for finding two names with one. */
struct named_id {
  const char *id;
  size_t i;
};

static int by_id(const void *a, const void *b) {
  const struct named_id *x = a, *y = b;
  int c = strcmp(x->id, y->id);
  return c ? c : x->i < y->i ? -1 : x->i > y->i;
}

/* Spells the id of each name of the list into its ident (malloc'd); returns 0, or -1 after
   reporting the name whose id could not be allocated. */
static int spell_ids(struct names *list, FILE *err) {
  for (size_t i = 0; i < list->n; i++) {
    struct name *nm = &list->v[i];
    const char *s = nm->text;
    char *id = malloc(nm->len + sizeof "PSEUDO_"), *p = id;
    if (id == NULL) {
      fprintf(err, "%s:%d: error: out of memory\n", list->file, nm->line);
      return -1;
    }
    if (*s == ':') {
      p += sprintf(p, "PSEUDO_");
      s++;
    }
    for (; *s; s++)
      *p++ = ascii_ident_char(*s);
    *p = '\0';
    nm->ident = id;
  }
  return 0;
}

/* The first name of the list with each name's id (the name itself if none before it has it),
   into first (list->n of them); returns 0, or -1 if out of memory. */
static int first_with_id(const struct names *list, size_t *first) {
  struct named_id *v = malloc((list->n ? list->n : 1) * sizeof *v);
  if (v == NULL)
    return -1;
  for (size_t i = 0; i < list->n; i++)
    v[i].id = list->v[i].ident, v[i].i = i;
  qsort(v, list->n, sizeof *v, by_id);
  for (size_t k = 0; k < list->n; k++)
    first[v[k].i] = k > 0 && strcmp(v[k].id, v[k - 1].id) == 0 ? first[v[k - 1].i] : v[k].i;
  free(v);
  return 0;
}

/* Reports, as file:line errors, name i's id if something else defines it, or if a name before
   it has it; returns how many errors. */
static int check_id(const struct names *list, size_t i, size_t first, const char *prefix,
                    int static_file, FILE *err) {
  const struct name *nm = &list->v[i];
  char full[NAMES_MAX_LENGTH + 48], q[ASCII_QUOTED], q2[ASCII_QUOTED];
  int errors = 0;
  const char *by = idents_reserved(full_id(full, prefix, nm->ident));
  if (by == NULL && static_file && idents_static_file(nm->ident))
    by = "which one file (--static) defines for itself";
  if (is_taken(list, nm->ident) || by != NULL) {
    fprintf(err, "%s:%d: error: %s would make the id name %s, %s\n", list->file, nm->line,
            ascii_quote(q, nm->text, nm->len), full, by ? by : "which the table uses itself");
    errors++;
  }
  if (first != i) {
    const struct name *was = &list->v[first];
    fprintf(err, "%s:%d: error: %s and %s from line %d both make the id name %s\n", list->file,
            nm->line, ascii_quote(q, nm->text, nm->len), ascii_quote(q2, was->text, was->len),
            was->line, nm->ident);
    errors++;
  }
  return errors;
}

int idents_make(struct names *list, const char *prefix, int static_file, FILE *err) {
  int errors = 0;
  size_t *first;
  if (spell_ids(list, err) != 0)
    return 1;
  if ((first = malloc((list->n ? list->n : 1) * sizeof *first)) == NULL ||
      first_with_id(list, first) != 0) {
    free(first);
    fprintf(err, "%s: error: out of memory\n", list->file);
    return 1;
  }
  for (size_t i = 0; i < list->n; i++)
    errors += check_id(list, i, first[i], prefix, static_file, err);
  free(first);
  return errors;
}

/* === The C++ enumerators ==================================================================== */

/* The enumerator of ident (a name's C id without its prefix), in buf (at least
   IDENTS_CXX_WORD bytes): in lowercase, with '_' before it if it begins with a digit and after
   it if it cannot be an enumerator as it is (idents_cxx_word). Returns buf. */
const char *idents_cxx_enumerator(const char *ident, char *buf) {
  size_t n = 0;
  if (ident[0] >= '0' && ident[0] <= '9')
    buf[n++] = '_';
  for (const char *s = ident; *s && n + 2 < IDENTS_CXX_WORD; s++)
    buf[n++] = (char)(*s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s);
  buf[n] = '\0';
  if (idents_cxx_word(buf))
    buf[n++] = '_', buf[n] = '\0';
  return buf;
}

static int by_word(const void *a, const void *b) {
  const struct idents_word *x = a, *y = b;
  int c = strcmp(x->word, y->word);
  return c ? c : x->i < y->i ? -1 : x->i > y->i;
}

void idents_sort_words(struct idents_word *v, size_t n) { qsort(v, n, sizeof *v, by_word); }

/* Reports each name whose word (as make spells it from its C id) another name's is too, as
   file:line errors that call the word what; returns how many. */
static int check_words(const struct names *list, FILE *err,
                       const char *(*make)(const char *, char *), const char *what) {
  struct idents_word *v = malloc((list->n ? list->n : 1) * sizeof *v);
  int errors = 0;
  if (v == NULL) {
    fprintf(err, "hhn-gen: error: out of memory\n");
    return 1;
  }
  for (size_t i = 0; i < list->n; i++)
    make(list->v[i].ident, v[i].word), v[i].i = i;
  idents_sort_words(v, list->n);
  for (size_t k = 1; k < list->n; k++)
    if (strcmp(v[k].word, v[k - 1].word) == 0 && ++errors)
      fprintf(err, "%s:%d: error: '%s' makes the %s '%s' that '%s' from line %d makes\n",
              list->file, list->v[v[k].i].line, list->v[v[k].i].text, what, v[k].word,
              list->v[v[k - 1].i].text, list->v[v[k - 1].i].line);
  free(v);
  return errors;
}

int idents_cxx_check(const struct names *list, FILE *err) {
  return check_words(list, err, idents_cxx_enumerator, "C++ enumerator");
}
