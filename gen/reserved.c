/* reserved.c: the identifiers that a generated table may not define (see reserved.h). */
#include "reserved.h"

#include "names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The macros with an underscore in their names (as every identifier a table defines has) that
   the headers a table includes define, in glibc and musl with _GNU_SOURCE (gathered with
   `cc -D_GNU_SOURCE -dM -E`), sorted for bsearch. */
static const char *const library[] = {
    "AIO_PRIO_DELTA_MAX",
    "ARG_MAX",
    "BC_BASE_MAX",
    "BC_DIM_MAX",
    "BC_SCALE_MAX",
    "BC_STRING_MAX",
    "BIG_ENDIAN",
    "BOOL_MAX",
    "BOOL_WIDTH",
    "BYTE_ORDER",
    "CHARCLASS_NAME_MAX",
    "CHAR_BIT",
    "CHAR_MAX",
    "CHAR_MIN",
    "CHAR_WIDTH",
    "COLL_WEIGHTS_MAX",
    "DELAYTIMER_MAX",
    "EXIT_FAILURE",
    "EXIT_SUCCESS",
    "EXPR_NEST_MAX",
    "FD_CLR",
    "FD_ISSET",
    "FD_SET",
    "FD_SETSIZE",
    "FD_ZERO",
    "HOST_NAME_MAX",
    "INT16_C",
    "INT16_MAX",
    "INT16_MIN",
    "INT16_WIDTH",
    "INT32_C",
    "INT32_MAX",
    "INT32_MIN",
    "INT32_WIDTH",
    "INT64_C",
    "INT64_MAX",
    "INT64_MIN",
    "INT64_WIDTH",
    "INT8_C",
    "INT8_MAX",
    "INT8_MIN",
    "INT8_WIDTH",
    "INTMAX_C",
    "INTMAX_MAX",
    "INTMAX_MIN",
    "INTMAX_WIDTH",
    "INTPTR_MAX",
    "INTPTR_MIN",
    "INTPTR_WIDTH",
    "INT_FAST16_MAX",
    "INT_FAST16_MIN",
    "INT_FAST16_WIDTH",
    "INT_FAST32_MAX",
    "INT_FAST32_MIN",
    "INT_FAST32_WIDTH",
    "INT_FAST64_MAX",
    "INT_FAST64_MIN",
    "INT_FAST64_WIDTH",
    "INT_FAST8_MAX",
    "INT_FAST8_MIN",
    "INT_FAST8_WIDTH",
    "INT_LEAST16_MAX",
    "INT_LEAST16_MIN",
    "INT_LEAST16_WIDTH",
    "INT_LEAST32_MAX",
    "INT_LEAST32_MIN",
    "INT_LEAST32_WIDTH",
    "INT_LEAST64_MAX",
    "INT_LEAST64_MIN",
    "INT_LEAST64_WIDTH",
    "INT_LEAST8_MAX",
    "INT_LEAST8_MIN",
    "INT_LEAST8_WIDTH",
    "INT_MAX",
    "INT_MIN",
    "INT_WIDTH",
    "IOV_MAX",
    "LINE_MAX",
    "LITTLE_ENDIAN",
    "LLONG_MAX",
    "LLONG_MIN",
    "LLONG_WIDTH",
    "LOGIN_NAME_MAX",
    "LONG_BIT",
    "LONG_LONG_MAX",
    "LONG_LONG_MIN",
    "LONG_MAX",
    "LONG_MIN",
    "LONG_WIDTH",
    "MAX_CANON",
    "MAX_INPUT",
    "MB_CUR_MAX",
    "MB_LEN_MAX",
    "MQ_PRIO_MAX",
    "NAME_MAX",
    "NGROUPS_MAX",
    "NL_ARGMAX",
    "NL_LANGMAX",
    "NL_MSGMAX",
    "NL_NMAX",
    "NL_SETMAX",
    "NL_TEXTMAX",
    "PAGE_SIZE",
    "PATH_MAX",
    "PDP_ENDIAN",
    "PIPE_BUF",
    "PTHREAD_DESTRUCTOR_ITERATIONS",
    "PTHREAD_KEYS_MAX",
    "PTHREAD_STACK_MIN",
    "PTRDIFF_MAX",
    "PTRDIFF_MIN",
    "PTRDIFF_WIDTH",
    "RAND_MAX",
    "RE_DUP_MAX",
    "RTSIG_MAX",
    "SCHAR_MAX",
    "SCHAR_MIN",
    "SCHAR_WIDTH",
    "SEM_NSEMS_MAX",
    "SEM_VALUE_MAX",
    "SHRT_MAX",
    "SHRT_MIN",
    "SHRT_WIDTH",
    "SIG_ATOMIC_MAX",
    "SIG_ATOMIC_MIN",
    "SIG_ATOMIC_WIDTH",
    "SIZE_MAX",
    "SIZE_WIDTH",
    "SSIZE_MAX",
    "SYMLOOP_MAX",
    "TTY_NAME_MAX",
    "TZNAME_MAX",
    "UCHAR_MAX",
    "UCHAR_WIDTH",
    "UINT16_C",
    "UINT16_MAX",
    "UINT16_WIDTH",
    "UINT32_C",
    "UINT32_MAX",
    "UINT32_WIDTH",
    "UINT64_C",
    "UINT64_MAX",
    "UINT64_WIDTH",
    "UINT8_C",
    "UINT8_MAX",
    "UINT8_WIDTH",
    "UINTMAX_C",
    "UINTMAX_MAX",
    "UINTMAX_WIDTH",
    "UINTPTR_MAX",
    "UINTPTR_WIDTH",
    "UINT_FAST16_MAX",
    "UINT_FAST16_WIDTH",
    "UINT_FAST32_MAX",
    "UINT_FAST32_WIDTH",
    "UINT_FAST64_MAX",
    "UINT_FAST64_WIDTH",
    "UINT_FAST8_MAX",
    "UINT_FAST8_WIDTH",
    "UINT_LEAST16_MAX",
    "UINT_LEAST16_WIDTH",
    "UINT_LEAST32_MAX",
    "UINT_LEAST32_WIDTH",
    "UINT_LEAST64_MAX",
    "UINT_LEAST64_WIDTH",
    "UINT_LEAST8_MAX",
    "UINT_LEAST8_WIDTH",
    "UINT_MAX",
    "UINT_WIDTH",
    "ULLONG_MAX",
    "ULLONG_WIDTH",
    "ULONG_LONG_MAX",
    "ULONG_MAX",
    "ULONG_WIDTH",
    "USHRT_MAX",
    "USHRT_WIDTH",
    "WCHAR_MAX",
    "WCHAR_MIN",
    "WCHAR_WIDTH",
    "WINT_MAX",
    "WINT_MIN",
    "WINT_WIDTH",
    "WORD_BIT",
    "XATTR_LIST_MAX",
    "XATTR_NAME_MAX",
    "XATTR_SIZE_MAX",
};

/* The macros and constants of a table's source, beside its header's, that have an underscore
   in their names, as an id has (EMPTY and SLOT have none). */
static const char *const source[] = {"AVX512_ALWAYS", "AVX512_CALL", "AVX512_IFUNC"};

/* The table's own macros, after its prefix and an underscore. */
static const char *const own[] = {"ATTR_COUNT",    "COUNT",        "H",       "ID_LIMIT",
                                  "MAX_LENGTH",    "MIN_LENGTH",   "UNKNOWN", "VERSION_MAJOR",
                                  "VERSION_MINOR", "VERSION_PATCH"};

static int by_name(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Whether s ends with end. */
static int ends_with(const char *s, const char *end) {
  size_t n = strlen(s), m = strlen(end);
  return n >= m && strcmp(s + n - m, end) == 0;
}

const char *reserved_ident(const char *id) {
  if (bsearch(&id, library, sizeof library / sizeof library[0], sizeof library[0], by_name))
    return "which the C library's headers define";
  if ((strncmp(id, "INT", 3) == 0 || strncmp(id, "UINT", 4) == 0) &&
      (ends_with(id, "_MAX") || ends_with(id, "_MIN") || ends_with(id, "_C") ||
       ends_with(id, "_WIDTH")))
    return "which C reserves for <stdint.h>";
  for (size_t i = 0; i < sizeof source / sizeof source[0]; i++)
    if (strcmp(id, source[i]) == 0)
      return "which the table's source defines for itself";
  return NULL;
}

int reserved_one_file(const char *ident) {
  static const char *const taken[] = {"SANITIZED", "AVX512", "AVX512_ALWAYS", "AVX512_CALL",
                                      "ALIGNED",   "COLD",   "INLINE",        "UNUSED",
                                      "SLOT",      "EMPTY"};
  for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++)
    if (strcmp(ident, taken[i]) == 0)
      return 1;
  return 0;
}

int reserved_own(const char *ident) {
  for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
    if (strcmp(ident, own[i]) == 0)
      return 1;
  return 0;
}

const char *reserved_prefix(const char *prefix) {
  static char why[160];
  char id[128];
  if (prefix[0] == '_')
    return "it begins with '_', and C reserves such names for the compiler and its library";
  for (size_t i = 0; i < sizeof own / sizeof own[0]; i++) { /* the table's own macros */
    size_t n = 0;
    for (const char *p = prefix; *p && n < 64; p++)
      id[n++] = (char)names_upper(*p);
    snprintf(id + n, sizeof id - n, "_%s", own[i]);
    const char *by = reserved_ident(id);
    if (by != NULL) {
      snprintf(why, sizeof why, "it makes the macro %s, %s", id, by);
      return why;
    }
  }
  return NULL;
}
