/* check_default.c: Check tests of facts of libhhn's default table that no reference derives. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "hhn.h"

/* Looks up a NUL-terminated name. */
static int lookup(const char *s) { return hhn_lookup(s, strlen(s)); }

START_TEST(test_lookup_gives_the_id_constants) {
  ck_assert_int_eq(lookup("Content-Type"), HHN_CONTENT_TYPE);
  ck_assert_int_eq(lookup("content-type"), HHN_CONTENT_TYPE);
  ck_assert_int_eq(lookup("CONTENT-TYPE"), HHN_CONTENT_TYPE);
  ck_assert_int_eq(lookup(":authority"), HHN_PSEUDO_AUTHORITY);
  ck_assert_int_eq(lookup(":PATH"), HHN_PSEUDO_PATH);
  ck_assert_int_eq(lookup("www-authenticate"), HHN_WWW_AUTHENTICATE);
  ck_assert_int_eq(lookup("x-forwarded-for"), HHN_X_FORWARDED_FOR);
  ck_assert_int_eq(HHN_ACCEPT, 0); /* WebKit's order comes first, so its ids are WebKit's */
}
END_TEST

START_TEST(test_lookup_rejects_bit5_partner_of_non_letters) {
  char buf[300];
  for (int id = 0; id < HHN_COUNT; id++) {
    size_t len;
    const char *name = hhn_name(id, &len);
    memcpy(buf, name, len);
    for (size_t k = 0; k < len; k++) {
      char keep = buf[k];
      if ((keep | 0x20) >= 'a' && (keep | 0x20) <= 'z')
        continue;
      buf[k] = (char)(keep ^ 0x20); /* '-' becomes CR, '1' a control byte, ':' 0x1a */
      ck_assert_int_eq(hhn_lookup(buf, len), HHN_UNKNOWN);
      buf[k] = keep;
    }
  }
  ck_assert_int_eq(lookup("Content\rType"), HHN_UNKNOWN);
  ck_assert_int_eq(lookup("Content-Type\r"), HHN_UNKNOWN);
}
END_TEST

START_TEST(test_lookup_rejects_bytes_above_0x7f_that_mask_to_a_letter) {
  char buf[300];
  for (int id = 0; id < HHN_COUNT; id++) {
    size_t len;
    const char *name = hhn_name(id, &len);
    memcpy(buf, name, len);
    for (size_t k = 0; k < len; k++) {
      char keep = buf[k];
      buf[k] = (char)(keep | 0x80);
      ck_assert_int_eq(hhn_lookup(buf, len), HHN_UNKNOWN);
      buf[k] = keep;
    }
  }
}
END_TEST

/* The share of the names in a traffic stream (one name a line) that the table finds; -1 if the
   stream is not there. */
static double coverage(const char *path, long *total) {
  FILE *f = fopen(path, "r");
  char line[1024];
  long found = 0;
  *total = 0;
  if (f == NULL)
    return -1;
  while (fgets(line, sizeof line, f)) {
    size_t n = strcspn(line, "\r\n");
    *total += 1;
    found += hhn_lookup(line, n) != HHN_UNKNOWN;
  }
  fclose(f);
  return *total ? (double)found / (double)*total : -1;
}

START_TEST(test_default_list_covers_90_percent_of_real_traffic) {
  static const char *const streams[] = {"../shared/data/traffic/h1-names.txt",
                                        "../shared/data/traffic/h2-names.txt"};
  for (size_t i = 0; i < 2; i++) {
    long total;
    double share = coverage(streams[i], &total);
    if (share < 0) {
      printf("%s: not there, coverage not measured\n", streams[i]);
      continue;
    }
    printf("%s: the default table finds %.2f%% of %ld names\n", streams[i], 100 * share, total);
    ck_assert_msg(share >= 0.90, "%s: %.2f%% < 90%%", streams[i], 100 * share);
  }
}
END_TEST

TCase *default_list_tcase(void) {
  TCase *tc = tcase_create("default list");
  tcase_add_test(tc, test_lookup_gives_the_id_constants);
  tcase_add_test(tc, test_lookup_rejects_bit5_partner_of_non_letters);
  tcase_add_test(tc, test_lookup_rejects_bytes_above_0x7f_that_mask_to_a_letter);
  tcase_add_test(tc, test_default_list_covers_90_percent_of_real_traffic);
  return tc;
}
