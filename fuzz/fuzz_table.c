/* fuzz_table.c: libFuzzer target that checks a generated table against the reference lookup.
 *
 * Built as fuzz_lookup (T=hhn, libhhn's default table) and fuzz_generated (T=iana, a table
 * generated at build time); TU is T in uppercase. T_ref.h, made by the Makefile with awk
 * straight from the names list, defines ref_names[], which the tests' reference lookup
 * (tests/lists.c) scans. The input is a name, looked up by every lookup (lookup_lower also with
 * the input in lowercase); any disagreement aborts with the input printed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lists.h"
#include "table.h"

#include STR(CAT(T, _ref).h)

/* The reference list, ref_names[] as a list for ref_lookup; filled at the first input. */
static struct list ref;

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

/* Checks that an id's two spellings are n bytes long and spell its name, which s[0..n) spells
   too (the lookup of s gave id). */
static void check_names(int id, size_t n, const uint8_t *data, size_t size) {
  size_t len = 0, llen = 0;
  const char *name = t_name(id, &len), *lower = t_lower(id, &llen);
  if (name == NULL || lower == NULL || len != n || llen != n ||
      ref_lookup(&ref, (const unsigned char *)name, len) != id ||
      ref_lookup(&ref, (const unsigned char *)lower, llen) != id)
    fail("name/lower of the id found", id, id, data, size);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (sizeof ref_names / sizeof ref_names[0] != (size_t)T_COUNT)
    fail("the reference list's count", (int)(sizeof ref_names / sizeof ref_names[0]), T_COUNT, data,
         size);
  for (size_t i = ref.n; i < sizeof ref_names / sizeof ref_names[0]; i++)
    if (list_add(&ref, ref_names[i], strlen(ref_names[i]), (long)i) != 0)
      abort();
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

  int want = ref_lookup(&ref, bytes, size);
  int got = t_lookup((const char *)bytes, size);
  if (got != want)
    fail("lookup", got, want, data, size);
  if ((got = t_lookup16(wide, size)) != want)
    fail("lookup16 of the bytes widened", got, want, data, size);
  if (want >= 0)
    check_names(want, size, data, size);

  /* lookup_lower: the input as it is, then in lowercase, where it finds what lookup does */
  int want_lower = ref_lookup_lower(&ref, bytes, size);
  if ((got = t_lookup_lower((const char *)bytes, size)) != want_lower)
    fail("lookup_lower", got, want_lower, data, size);
  if ((got = t_lookup16_lower(wide, size)) != want_lower)
    fail("lookup16_lower of the bytes widened", got, want_lower, data, size);
  for (size_t i = 0; i < size; i++)
    bytes[i] = data[i] >= 'A' && data[i] <= 'Z' ? data[i] + 32 : data[i];
  if ((got = t_lookup_lower((const char *)bytes, size)) != want)
    fail("lookup_lower of the input in lowercase", got, want, data, size);

  /* The input read as UTF-16 units: no unit above 0x7F may match. */
  want = ref_lookup16(&ref, units, size / 2);
  if ((got = t_lookup16(units, size / 2)) != want)
    fail("lookup16 of the input as units", got, want, data, size);
  want = ref_lookup16_lower(&ref, units, size / 2);
  if ((got = t_lookup16_lower(units, size / 2)) != want)
    fail("lookup16_lower of the input as units", got, want, data, size);
  free(units);
  free(wide);
  free(bytes);
  return 0;
}
