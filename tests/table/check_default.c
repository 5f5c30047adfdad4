/* check_default.c: Check tests of facts of libhhn's default table that no reference derives. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hhn.h"
#include "static_tables.h"

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

/* Looks up a NUL-terminated name with hhn_lookup_lower. */
static int lookup_lower(const char *s) { return hhn_lookup_lower(s, strlen(s)); }

START_TEST(test_lookup_lower_finds_only_the_spelling_that_http2_sends) {
  ck_assert_int_eq(lookup_lower("content-length"), HHN_CONTENT_LENGTH);
  ck_assert_int_eq(lookup_lower("Content-Length"), HHN_UNKNOWN);
  ck_assert_int_eq(lookup_lower("content-lengtH"), HHN_UNKNOWN);
  ck_assert_int_eq(lookup_lower(":path"), HHN_PSEUDO_PATH);
  ck_assert_int_eq(lookup_lower(":PATH"), HHN_UNKNOWN);
  ck_assert_int_eq(lookup_lower("te"), HHN_TE);
  ck_assert_int_eq(lookup_lower("TE"), HHN_UNKNOWN);
  ck_assert_int_eq(lookup_lower("x-xss-protection"), HHN_X_XSS_PROTECTION);
  ck_assert_int_eq(lookup_lower("content-security-policy-report-only"),
                   HHN_CONTENT_SECURITY_POLICY_REPORT_ONLY);
  for (int id = 0; id < HHN_COUNT; id++) { /* every name in lowercase, and its bit-5 partners */
    char buf[300];
    size_t len;
    const char *lower = hhn_lower(id, &len);
    memcpy(buf, lower, len);
    ck_assert_int_eq(hhn_lookup_lower(buf, len), id);
    for (size_t k = 0; k < len; k++) {
      char keep = buf[k];
      buf[k] = (char)(keep ^ 0x20); /* a letter in uppercase, '-' as CR */
      ck_assert_int_eq(hhn_lookup_lower(buf, len), HHN_UNKNOWN);
      buf[k] = (char)(keep | 0x80);
      ck_assert_int_eq(hhn_lookup_lower(buf, len), HHN_UNKNOWN);
      buf[k] = keep;
    }
  }
}
END_TEST

/* The path of a stream of the traffic folder: $HHN_TRAFFIC, else build/traffic, where
   tests/bench/traffic.c writes its streams of names as HTTP/1.1 and HTTP/2 send them. */
static const char *stream_path(const char *file, char *path, size_t size) {
  const char *dir = getenv("HHN_TRAFFIC");
  snprintf(path, size, "%s/%s", dir && *dir ? dir : "build/traffic", file);
  return path;
}

START_TEST(test_lookup_lower_agrees_with_lookup_on_traffic) {
  static const char *const files[] = {"h1-names.txt", "h2-names.txt"};
  for (size_t i = 0; i < 2; i++) {
    char path[4096];
    const char *stream = stream_path(files[i], path, sizeof path);
    FILE *f = fopen(stream, "r");
    char line[1024];
    long found = 0, total = 0;
    ck_assert_msg(f != NULL, "%s: cannot read it (make writes it; run from the repository)",
                  stream);
    while (fgets(line, sizeof line, f)) {
      size_t n = strcspn(line, "\r\n");
      int upper = 0;
      for (size_t k = 0; k < n; k++)
        upper |= line[k] >= 'A' && line[k] <= 'Z';
      ck_assert_int_eq(hhn_lookup_lower(line, n), upper ? HHN_UNKNOWN : hhn_lookup(line, n));
      /* every name sent is a token: classify gives the lookup's answer, and classify_lower
         that of lookup_lower, or for an uppercase letter what nghttp2 rejects */
      ck_assert_int_eq(hhn_classify(line, n), hhn_lookup(line, n));
      ck_assert_int_eq(hhn_classify_lower(line, n), upper ? HHN_UPPERCASE : hhn_lookup(line, n));
      found += hhn_lookup_lower(line, n) != HHN_UNKNOWN;
      total++;
    }
    fclose(f);
    /* HTTP/1.1 browsers send a few names in lowercase; HTTP/2 sends every name so */
    ck_assert_msg(found >= (i == 0 ? total / 50 : total * 9 / 10),
                  "%s: lookup_lower found %ld of %ld", stream, found, total);
  }
}
END_TEST

/* Classifies a NUL-terminated name, by each case rule. */
static int classify(const char *s) { return hhn_classify(s, strlen(s)); }
static int classify_lower(const char *s) { return hhn_classify_lower(s, strlen(s)); }

START_TEST(test_classify_answers_what_a_parser_asks_of_a_field_name) {
  static char big[70000];
  uint16_t units[] = {'x', '-', 'a', 0x161};
  ck_assert_int_eq(classify("Content-Type"), HHN_CONTENT_TYPE);
  ck_assert_int_eq(classify_lower("content-type"), HHN_CONTENT_TYPE);
  ck_assert_int_eq(classify_lower("Content-Type"), HHN_UPPERCASE); /* RFC 9113 8.2.1 */
  ck_assert_int_eq(classify_lower(":path"), HHN_PSEUDO_PATH);
  ck_assert_int_eq(classify_lower(":foo"), HHN_INVALID); /* ':' is no tchar */
  ck_assert_int_eq(classify_lower(":Foo"), HHN_INVALID); /* not a token before uppercase */
  ck_assert_int_eq(classify_lower("x-custom"), HHN_UNKNOWN);
  ck_assert_int_eq(classify_lower("X-Custom"), HHN_UPPERCASE);
  ck_assert_int_eq(classify("X-Custom"), HHN_UNKNOWN);
  ck_assert_int_eq(classify("x custom"), HHN_INVALID);
  ck_assert_int_eq(classify("content-type\r"), HHN_INVALID);
  ck_assert_int_eq(classify("content-type:"), HHN_INVALID);
  ck_assert_int_eq(classify("\xc3\xa9t\xc3\xa9"), HHN_INVALID);
  ck_assert_int_eq(hhn_classify("", 0), HHN_INVALID);
  ck_assert_int_eq(hhn_classify("a\0b", 3), HHN_INVALID);
  ck_assert_int_eq(hhn_classify16(units, 3), HHN_UNKNOWN);
  ck_assert_int_eq(hhn_classify16(units, 4), HHN_INVALID); /* U+0161, whose low byte is 'a' */
  memset(big, 'a', sizeof big);
  ck_assert_int_eq(hhn_classify_lower(big, sizeof big), HHN_UNKNOWN);
  big[sizeof big - 1] = 'A';
  ck_assert_int_eq(hhn_classify_lower(big, sizeof big), HHN_UPPERCASE);
  ck_assert_int_eq(hhn_classify(big, sizeof big), HHN_UNKNOWN);
  big[sizeof big / 2] = '{';
  ck_assert_int_eq(hhn_classify_lower(big, sizeof big), HHN_INVALID);
}
END_TEST

/* Whether name is one of names[0..n), case-insensitively. */
static int among(const char *name, const char *const *names, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (strcasecmp(name, names[i]) == 0)
      return 1;
  return 0;
}
#define AMONG(name, names) among(name, names, sizeof names / sizeof names[0])

/* RFC 9110, section 7.6.1: Connection, and the fields it says intermediaries remove. */
static const char *const hop_by_hop[] = {"Connection", "Proxy-Connection",  "Keep-Alive",
                                         "TE",         "Transfer-Encoding", "Upgrade"};

/* The Fetch standard's forbidden request-header names (names starting with Proxy- or Sec-
   are forbidden too). */
static const char *const forbidden[] = {"Accept-Charset",
                                        "Accept-Encoding",
                                        "Access-Control-Request-Headers",
                                        "Access-Control-Request-Method",
                                        "Connection",
                                        "Content-Length",
                                        "Cookie",
                                        "Cookie2",
                                        "Date",
                                        "DNT",
                                        "Expect",
                                        "Host",
                                        "Keep-Alive",
                                        "Origin",
                                        "Referer",
                                        "Set-Cookie",
                                        "TE",
                                        "Trailer",
                                        "Transfer-Encoding",
                                        "Upgrade",
                                        "Via"};

/* Fields whose ABNF is a single value, not a #list: RFC 9110 (Authorization 11.6.2,
   Content-Length 8.6, Content-Location 8.7, Content-Range 14.4, Content-Type 8.3, Date 6.6.1,
   ETag 8.8.3, From 10.1.2, Host 7.2, If-Modified-Since 13.1.3, If-Range 13.1.5,
   If-Unmodified-Since 13.1.4, Last-Modified 8.8.2, Location 10.2.2, Max-Forwards 7.6.2,
   Proxy-Authorization 11.7.2, Range 14.2, Referer 10.1.3, Retry-After 10.2.3, Server 10.2.4,
   User-Agent 10.1.5) and RFC 9111 (Age 5.1, Expires 5.3). */
static const char *const single[] = {"Age",
                                     "Authorization",
                                     "Content-Length",
                                     "Content-Location",
                                     "Content-Range",
                                     "Content-Type",
                                     "Date",
                                     "ETag",
                                     "Expires",
                                     "From",
                                     "Host",
                                     "If-Modified-Since",
                                     "If-Range",
                                     "If-Unmodified-Since",
                                     "Last-Modified",
                                     "Location",
                                     "Max-Forwards",
                                     "Proxy-Authorization",
                                     "Range",
                                     "Referer",
                                     "Retry-After",
                                     "Server",
                                     "User-Agent"};

START_TEST(test_flags_follow_rfc_9110_and_the_fetch_standard) {
  for (int id = 0; id < HHN_COUNT; id++) {
    const char *name = hhn_name(id, NULL);
    unsigned long want = 0;
    if (AMONG(name, hop_by_hop))
      want |= HHN_FLAG_HOP_BY_HOP;
    if (AMONG(name, forbidden) || strncasecmp(name, "Proxy-", 6) == 0 ||
        strncasecmp(name, "Sec-", 4) == 0)
      want |= HHN_FLAG_FORBIDDEN_REQUEST;
    if (AMONG(name, single))
      want |= HHN_FLAG_SINGLE;
    ck_assert_msg(hhn_flags(id) == want, "%s: flags %#lx, want %#lx", name, hhn_flags(id), want);
  }
  ck_assert_uint_eq(hhn_flags(HHN_UNKNOWN), 0);
  ck_assert_uint_eq(hhn_flags(HHN_COUNT), 0);
}
END_TEST

/* The first index of name in a static table whose entry i has index i + base, or -1. */
static long first_index(const char *name, const char *const *table, size_t n, long base) {
  for (size_t i = 0; i < n; i++)
    if (strcasecmp(name, table[i]) == 0)
      return (long)i + base;
  return -1;
}

START_TEST(test_hpack_and_qpack_indexes_follow_the_static_tables) {
  for (int id = 0; id < HHN_COUNT; id++) {
    const char *name = hhn_name(id, NULL);
    ck_assert_int_eq(hhn_attr(id, HHN_ATTR_HPACK),
                     first_index(name, hpack_static, hpack_static_count, 1));
    ck_assert_int_eq(hhn_attr(id, HHN_ATTR_QPACK),
                     first_index(name, qpack_static, qpack_static_count, 0));
  }
  ck_assert_int_eq(hhn_attr(HHN_CONTENT_LENGTH, HHN_ATTR_HPACK), 28);
  ck_assert_int_eq(hhn_attr(HHN_PSEUDO_AUTHORITY, HHN_ATTR_QPACK), 0);
  ck_assert_int_eq(hhn_attr(HHN_UNKNOWN, HHN_ATTR_HPACK), -1);
  ck_assert_int_eq(hhn_attr(HHN_ACCEPT, HHN_ATTR_COUNT), -1);
  ck_assert_int_eq(hhn_attr(HHN_ACCEPT, -1), -1);
}
END_TEST

/* The names of a name<TAB>value table file in order, its // comment lines aside; 0 if it is
   not there. */
static size_t read_table(const char *path, char names[][64], size_t max) {
  FILE *f = fopen(path, "r");
  char line[512];
  size_t n = 0;
  if (f == NULL)
    return 0;
  while (n < max && fgets(line, sizeof line, f)) {
    if (strncmp(line, "//", 2) == 0)
      continue;
    size_t k = strcspn(line, "\t\r\n");
    snprintf(names[n++], 64, "%.*s", (int)k, line);
  }
  fclose(f);
  return n;
}

START_TEST(test_static_tables_in_the_tests_match_the_data_files) {
  static char names[128][64];
  size_t n = read_table("data/hpack-static.txt", names, 128);
  ck_assert_msg(n > 0, "data/hpack-static.txt: cannot read it");
  ck_assert_uint_eq(n, hpack_static_count);
  for (size_t i = 0; i < n; i++)
    ck_assert_str_eq(names[i], hpack_static[i]);
  n = read_table("data/qpack-static.txt", names, 128);
  ck_assert_uint_eq(n, qpack_static_count);
  for (size_t i = 0; i < n; i++)
    ck_assert_str_eq(names[i], qpack_static[i]);
}
END_TEST

TCase *default_list_tcase(void) {
  TCase *tc = tcase_create("default list");
  tcase_add_test(tc, test_lookup_gives_the_id_constants);
  tcase_add_test(tc, test_lookup_rejects_bit5_partner_of_non_letters);
  tcase_add_test(tc, test_lookup_rejects_bytes_above_0x7f_that_mask_to_a_letter);
  tcase_add_test(tc, test_lookup_lower_finds_only_the_spelling_that_http2_sends);
  tcase_add_test(tc, test_lookup_lower_agrees_with_lookup_on_traffic);
  tcase_add_test(tc, test_classify_answers_what_a_parser_asks_of_a_field_name);
  tcase_add_test(tc, test_flags_follow_rfc_9110_and_the_fetch_standard);
  tcase_add_test(tc, test_hpack_and_qpack_indexes_follow_the_static_tables);
  tcase_add_test(tc, test_static_tables_in_the_tests_match_the_data_files);
  return tc;
}
