/* probe_vector.c: names of up to 32 bytes take the vector table, and both lookups work (check_gen:
 * test_gen_vector_table_takes_names_up_to_32_bytes_and_both_lookups_work). */
#include <stdio.h>
#include <string.h>

#include "hhn.c" /* the table itself, whose tables this probe reads */

/* With AVX-512, the 32-byte name is in its vector slot, in lowercase, and the 33-byte one in none:
   its slot holds 32 'A's. */
static int structure(void) {
#if defined(AVX512)
  const unsigned char *in = (const unsigned char *)"access-control-allow-credentials2";
  if (memcmp(table.vslots[hash(&table, in, 32) / SLOT], in, 32) != 0)
    return 1;
  for (size_t k = 0; k < 32; k++)
    if (table.vslots[hash(&table, in, 33) / SLOT][k] != 'A')
      return 2;
#endif
  return 0;
}

int main(void) {
  int bad = structure();
  if (bad)
    return 100 + bad;
  static const char *const in[] = {"ACCESS-CONTROL-ALLOW-CREDENTIALS",
                                   "access-control-allow-credentials2",
                                   "cross-origin-opener-POLICY-report-only",
                                   "vIA",
                                   "access-control-allow-credentialz",
                                   "access-control-allow-credentials\0",
                                   "Access-Control-Allow-Credential",
                                   "cross-origin-opener-policy-report-onlY2",
                                   "VIa\r",
                                   "V-a",
                                   "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
                                   "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"};
  static const size_t len[] = {32, 33, 38, 3, 32, 33, 31, 39, 4, 3, 32, 32};
  static const int want[] = {0, 1, 2, 3, -1, -1, -1, -1, -1, -1, -1, -1};
  static const int lower[] = {-1, 1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0};
  char s[40];
  for (int i = 0; i < 12; i++)
    if (hhn_lookup(in[i], len[i]) != want[i])
      return printf("%s: %d\n", in[i], hhn_lookup(in[i], len[i])), 1;
  for (int i = 0; i < 12; i++) /* as spelled; then in lowercase, found if known */
    if (hhn_lookup_lower(in[i], len[i]) != (i == 11 ? -1 : lower[i]))
      return printf("lower %s: %d\n", in[i], hhn_lookup_lower(in[i], len[i])), 2;
  for (int i = 0; i < 12; i++) {
    for (size_t k = 0; k < len[i]; k++)
      s[k] = in[i][k] >= 'A' && in[i][k] <= 'Z' ? in[i][k] + 32 : in[i][k];
    if (hhn_lookup_lower(s, len[i]) != want[i])
      return printf("lowered %s: %d\n", in[i], hhn_lookup_lower(s, len[i])), 3;
  }
  return 0;
}
