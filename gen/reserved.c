/* reserved.c: the identifiers that a generated table may not define (see reserved.h). */
#include "reserved.h"

#include "own.h"

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
static const char *const own[] = {
    "ATTR_COUNT", "COUNT",   "H",         "ID_LIMIT",      "INVALID",       "MAX_LENGTH",
    "MIN_LENGTH", "UNKNOWN", "UPPERCASE", "VERSION_MAJOR", "VERSION_MINOR", "VERSION_PATCH"};

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

/* C++'s keywords and alternative tokens, which neither a namespace (a prefix, with --cxx) nor
   an enumerator may be. Sorted for bsearch. */
static const char *const cxx_keywords[] = {"alignas",       "alignof",     "and",
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
                                           "xor",           "xor_eq"};

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
static int among(const char *s, const char *const *set, size_t n) {
  return bsearch(&s, set, n, sizeof set[0], by_name) != NULL;
}

/* Whether s ends with end. */
static int ends_with(const char *s, const char *end) {
  size_t n = strlen(s), m = strlen(end);
  return n >= m && strcmp(s + n - m, end) == 0;
}

const char *reserved_ident(const char *id) {
  if (AMONG(id, library))
    return "which the C library's headers define";
  if ((strncmp(id, "INT", 3) == 0 || strncmp(id, "UINT", 4) == 0) &&
      (ends_with(id, "_MAX") || ends_with(id, "_MIN") || ends_with(id, "_C") ||
       ends_with(id, "_WIDTH")))
    return "which C reserves for <stdint.h>";
  for (int i = 0; i < own_count; i++) /* its own macros, as two files spell them */
    if (own_idents[i].kind != OWN_NAME && strcmp(id, own_idents[i].name) == 0)
      return "which the table's source defines for itself";
  return NULL;
}

int reserved_one_file(const char *ident) {
  for (int i = 0; i < own_count; i++) /* its own macros and constants, prefixed in one file */
    if (own_idents[i].kind != OWN_NAME && strcmp(ident, own_idents[i].name) == 0)
      return 1;
  return 0;
}

int reserved_own(const char *ident) {
  for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
    if (strcmp(ident, own[i]) == 0)
      return 1;
  return 0;
}

/* Why the prefix cannot be the namespace of P.hpp (--cxx), or NULL if it can. */
static const char *cxx_prefix(const char *prefix) {
  if (AMONG(prefix, cxx_keywords))
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

const char *reserved_prefix(const char *prefix, int cxx, int header) {
  static char why[200];
  char id[128];
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
    size_t n = 0;
    for (const char *p = prefix; *p && n < 64; p++)
      id[n++] = (char)(*p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p);
    snprintf(id + n, sizeof id - n, "_%s", own[i]);
    const char *by = reserved_ident(id);
    if (by != NULL) {
      snprintf(why, sizeof why, "it makes the macro %s, %s", id, by);
      return why;
    }
  }
  return NULL;
}

int reserved_cxx_word(const char *word) {
  return AMONG(word, cxx_keywords) || AMONG(word, cxx_macros) || strcmp(word, "unknown") == 0 ||
         strcmp(word, "invalid") == 0 || strcmp(word, "uppercase") == 0 ||
         strncmp(word, "__", 2) == 0;
}
