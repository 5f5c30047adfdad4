/* fuzz_table.c: libFuzzer target that checks a generated table against a linear scan of its list.
 *
 * Built as fuzz_lookup (T=hhn, libhhn's default table) and fuzz_generated (T=iana, a table
 * generated at build time); TU is T in uppercase. T_ref.h, made by the Makefile with awk
 * straight from the names list, defines ref_names[]. The input is a name; any disagreement
 * aborts with the input printed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"

#include STR(CAT(T, _ref).h)

static unsigned char fold(unsigned char c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

/* Whether a[0..n) and b[0..n) are equal when only A-Z fold to a-z. */
static int equal_ci(const unsigned char *a, const unsigned char *b, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (fold(a[i]) != fold(b[i]))
      return 0;
  return 1;
}

/* The reference: the index of the first list name equal to s[0..n) case-insensitively, or -1. */
static int ref_lookup(const unsigned char *s, size_t n) {
  for (int i = 0; i < (int)(sizeof ref_names / sizeof ref_names[0]); i++)
    if (strlen(ref_names[i]) == n && equal_ci(s, (const unsigned char *)ref_names[i], n))
      return i;
  return -1;
}

/* Prints what disagreed and the input as escaped bytes, then aborts. */
static void fail(const char *what, int got, int want, const uint8_t *data, size_t size) {
  fprintf(stderr, "fuzz_table: %s gave %d, the reference %d, for %zu bytes: \"", what, got, want,
          size);
  for (size_t i = 0; i < size; i++)
    fprintf(stderr,
            data[i] >= 0x20 && data[i] < 0x7f && data[i] != '"' && data[i] != '\\' ? "%c"
                                                                                   : "\\x%02x",
            data[i]);
  fprintf(stderr, "\"\n");
  abort();
}

/* Checks that an id's two spellings equal s[0..n) case-insensitively. */
static void check_names(int id, const unsigned char *s, size_t n, const uint8_t *data,
                        size_t size) {
  size_t len = 0, llen = 0;
  const char *name = t_name(id, &len), *lower = t_lower(id, &llen);
  if (name == NULL || lower == NULL || len != n || llen != n ||
      !equal_ci((const unsigned char *)name, s, n) || !equal_ci((const unsigned char *)lower, s, n))
    fail("name/lower of the id found", id, id, data, size);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (sizeof ref_names / sizeof ref_names[0] != (size_t)T_COUNT)
    fail("the reference list's count", (int)(sizeof ref_names / sizeof ref_names[0]), T_COUNT, data,
         size);
  /* Exactly sized heap copies, so that AddressSanitizer sees any read past the input. */
  unsigned char *bytes = malloc(size ? size : 1);
  uint16_t *wide = malloc(size ? size * sizeof *wide : 1);
  uint16_t *units = malloc(size / 2 ? size / 2 * sizeof *units : 1);
  if (bytes == NULL || wide == NULL || units == NULL)
    abort();
  memcpy(bytes, data, size);
  for (size_t i = 0; i < size; i++)
    wide[i] = data[i];
  memcpy(units, data, size / 2 * sizeof *units);

  int want = ref_lookup(bytes, size);
  int got = t_lookup((const char *)bytes, size);
  if (got != want)
    fail("lookup", got, want, data, size);
  if ((got = t_lookup16(wide, size)) != want)
    fail("lookup16 of the bytes widened", got, want, data, size);
  if (want >= 0)
    check_names(want, bytes, size, data, size);

  /* The input read as UTF-16 units: no unit above 0x7F may match. */
  size_t n = size / 2, ascii = 1;
  unsigned char *narrow = malloc(n ? n : 1);
  if (narrow == NULL)
    abort();
  for (size_t i = 0; i < n; i++) {
    ascii &= units[i] <= 0x7f;
    narrow[i] = (unsigned char)units[i];
  }
  want = ascii ? ref_lookup(narrow, n) : -1;
  if ((got = t_lookup16(units, n)) != want)
    fail("lookup16 of the input as units", got, want, data, size);
  free(narrow);
  free(units);
  free(wide);
  free(bytes);
  return 0;
}
