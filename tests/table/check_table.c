/* check_table.c: Check tests of one generated table against the names lists: every name of
 * every list, in every spelling, against a linear reference scan; the accessors of every id;
 * and, for the default table (T_DEFAULT), the facts of check_default.c. The mutations, the
 * strings of up to 3 bytes, the UTF-16 units and the guard pages are the harness that hhn-gen
 * --test writes (gen/emit/c/test.c.in), which runs beside this on every table.
 *
 * Built once per table: T is its prefix (hhn), TU the prefix in uppercase (HHN); the header
 * is T.h. Run as `check_table TABLE_LIST [LIST...]`: TABLE_LIST is the names list the table was
 * generated from, and every name of every LIST is looked up in every spelling. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "lists.h"
#include "table.h"

#define LONGEST 1024 /* longest input the tests build */

#ifdef T_DEFAULT
TCase *default_list_tcase(void); /* check_default.c: facts of the default list */
#endif

static struct list table;   /* the list the table was made from */
static struct list all;     /* every name of every list, once (case-insensitively) */
static unsigned long *seen; /* lookups compared, in memory shared with Check's forks */

/* Writes s[0..len) as a C string literal into buf, for failure messages. */
static const char *show(const unsigned char *s, size_t len) {
  static char buf[4 * LONGEST + 3];
  char *p = buf;
  *p++ = '"';
  for (size_t i = 0; i < len && i < LONGEST; i++)
    p += (s[i] >= 0x20 && s[i] < 0x7f && s[i] != '"' && s[i] != '\\') ? sprintf(p, "%c", s[i])
                                                                      : sprintf(p, "\\x%02x", s[i]);
  strcpy(p, "\"");
  return buf;
}

/* Checks that T_lookup and T_lookup_lower of s[0..len), and T_lookup16 and T_lookup16_lower
   of the same bytes widened to UTF-16, give what the reference gives; and the four
   classifications. */
static void expect_same(const unsigned char *s, size_t len) {
  uint16_t w[LONGEST];
  const char *c = (const char *)s;
  int want = ref_lookup(&table, s, len), want_lower = ref_lookup_lower(&table, s, len);
  int is = ref_classify(s, len, want, 0), is_lower = ref_classify(s, len, want_lower, 1);
  for (size_t i = 0; i < len; i++)
    w[i] = s[i];
  *seen += 8;
  if (t_lookup(c, len) != want || t_lookup16(w, len) != want ||
      t_lookup_lower(c, len) != want_lower || t_lookup16_lower(w, len) != want_lower)
    ck_abort_msg("%s: lookup %d, lookup16 %d, lookup_lower %d, lookup16_lower %d; reference %d "
                 "and %d",
                 show(s, len), t_lookup(c, len), t_lookup16(w, len), t_lookup_lower(c, len),
                 t_lookup16_lower(w, len), want, want_lower);
  if (t_classify(c, len) != is || t_classify16(w, len) != is ||
      t_classify_lower(c, len) != is_lower || t_classify16_lower(w, len) != is_lower)
    ck_abort_msg("%s: classify %d, classify16 %d, classify_lower %d, classify16_lower %d; "
                 "reference %d and %d",
                 show(s, len), t_classify(c, len), t_classify16(w, len), t_classify_lower(c, len),
                 t_classify16_lower(w, len), is, is_lower);
}

/* Writes s[0..len) in lowercase to lower; returns whether s had an uppercase letter. */
static int lowercase(unsigned char *lower, const unsigned char *s, size_t len) {
  int changed = 0;
  for (size_t i = 0; i < len; i++) {
    changed |= s[i] >= 'A' && s[i] <= 'Z';
    lower[i] = s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i];
  }
  return changed;
}

/* Copies name i of all into buf; returns its length. */
static size_t take(unsigned char *buf, size_t i) {
  memcpy(buf, all.name[i], all.len[i]);
  return all.len[i];
}

START_TEST(test_names_and_lowers_match_the_list) {
  for (size_t i = 0; i < table.n; i++) {
    size_t len = 99, llen = 99;
    int id = (int)table.id[i];
    const char *name = t_name(id, &len), *lower = t_lower(id, &llen);
    ck_assert_ptr_nonnull(name);
    ck_assert_ptr_nonnull(lower);
    ck_assert_uint_eq(len, table.len[i]);
    ck_assert_uint_eq(llen, table.len[i]);
    ck_assert_mem_eq(name, table.name[i], len);
    ck_assert_uint_eq(name[len], '\0');
    ck_assert_uint_eq(lower[len], '\0');
    for (size_t k = 0; k < len; k++) {
      unsigned char c = (unsigned char)table.name[i][k];
      ck_assert_uint_eq((unsigned char)lower[k], c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    ck_assert_ptr_eq(t_name(id, NULL), name);
    ck_assert_ptr_eq(t_lower(id, NULL), lower);
  }
}
END_TEST

/* Whether id is the id of a name of the table's list. */
static int is_id(long id) {
  for (size_t i = 0; i < table.n; i++)
    if (table.id[i] == id)
      return 1;
  return 0;
}

START_TEST(test_name_and_lower_answer_null_for_an_id_that_is_no_names) {
  const int bad[] = {T_UNKNOWN, T_ID_LIMIT, T_ID_LIMIT + 1, -2, 1 << 30, -(1 << 30)};
  for (int id = 0; id < T_ID_LIMIT; id++) /* the ids that the list skips */
    if (!is_id(id)) {
      size_t len = 99;
      ck_assert_ptr_null(t_name(id, &len));
      ck_assert_ptr_null(t_lower(id, NULL));
      ck_assert_uint_eq(len, 0);
      ck_assert_uint_eq(t_flags(id), 0);
      ck_assert_int_eq(t_attr(id, 0), -1);
    }
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    size_t len = 99, llen = 99;
    ck_assert_ptr_null(t_name(bad[i], &len));
    ck_assert_ptr_null(t_lower(bad[i], &llen));
    ck_assert_uint_eq(len, 0);
    ck_assert_uint_eq(llen, 0);
    ck_assert_ptr_null(t_name(bad[i], NULL));
  }
}
END_TEST

START_TEST(test_flags_and_attr_answer_nothing_outside_the_ids) {
  const int bad[] = {T_UNKNOWN, T_ID_LIMIT, -2, 1 << 30};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    ck_assert_uint_eq(t_flags(bad[i]), 0);
    for (int key = -1; key <= T_ATTR_COUNT; key++)
      ck_assert_int_eq(t_attr(bad[i], key), -1);
  }
  for (size_t i = 0; i < table.n; i++) {
    ck_assert_int_eq(t_attr((int)table.id[i], -1), -1);
    ck_assert_int_eq(t_attr((int)table.id[i], T_ATTR_COUNT), -1);
  }
}
END_TEST

START_TEST(test_lookup_finds_every_list_name_in_every_spelling) {
  unsigned char buf[LONGEST];
  for (size_t i = 0; i < all.n; i++) {
    size_t len = take(buf, i);
    int want = ref_lookup(&table, buf, len);
    for (int spelling = 0; spelling < 5; spelling++) {
      for (size_t k = 0; k < len; k++) {
        unsigned char c = (unsigned char)all.name[i][k], lo = c, up = c;
        if (c >= 'A' && c <= 'Z')
          lo = c + 32;
        if (c >= 'a' && c <= 'z')
          up = c - 32;
        buf[k] = spelling == 0                       ? c
                 : spelling == 1                     ? lo
                 : spelling == 2                     ? up
                 : (k % 2 == (size_t)(spelling - 3)) ? up
                                                     : lo;
      }
      expect_same(buf, len);
      ck_assert_int_eq(t_lookup((const char *)buf, len), want);
      /* lookup_lower finds the lowercase spelling, and no spelling with an uppercase letter */
      unsigned char lower[LONGEST];
      ck_assert_int_eq(t_lookup_lower((const char *)buf, len),
                       lowercase(lower, buf, len) ? T_UNKNOWN : want);
    }
    if (want >= 0) { /* and the table's own spellings find it too */
      size_t n;
      const char *name = t_name(want, &n);
      ck_assert_int_eq(t_lookup(name, n), want);
      name = t_lower(want, &n);
      ck_assert_int_eq(t_lookup(name, n), want);
      ck_assert_int_eq(t_lookup_lower(name, n), want);
    }
  }
}
END_TEST

START_TEST(test_lookup_lower_finds_the_lowercase_spelling_alone) {
  unsigned char buf[LONGEST], lower[LONGEST];
  for (size_t i = 0; i < all.n; i++) {
    size_t len = take(buf, i);
    int want = ref_lookup(&table, buf, len);
    lowercase(lower, buf, len);
    ck_assert_int_eq(t_lookup_lower((const char *)lower, len), want);
    ck_assert_int_eq(t_lookup_lower((const char *)lower, len), want);
    for (size_t k = 0; k < len; k++) /* any one letter in uppercase: unknown, to it alone */
      if (lower[k] >= 'a' && lower[k] <= 'z') {
        lower[k] -= 32;
        ck_assert_int_eq(t_lookup_lower((const char *)lower, len), T_UNKNOWN);
        ck_assert_int_eq(t_lookup_lower((const char *)lower, len), T_UNKNOWN);
        ck_assert_int_eq(t_lookup((const char *)lower, len), want);
        lower[k] += 32;
      }
  }
}
END_TEST

START_TEST(test_lookup_accepts_null_when_len_is_zero) {
  ck_assert_int_eq(t_lookup(NULL, 0), T_UNKNOWN);
  ck_assert_int_eq(t_lookup_lower(NULL, 0), T_UNKNOWN);
  ck_assert_int_eq(t_lookup16(NULL, 0), T_UNKNOWN);
  ck_assert_int_eq(t_lookup16_lower(NULL, 0), T_UNKNOWN);
  ck_assert_int_eq(t_classify(NULL, 0), T_INVALID);
  ck_assert_int_eq(t_classify_lower(NULL, 0), T_INVALID);
  ck_assert_int_eq(t_classify16(NULL, 0), T_INVALID);
  ck_assert_int_eq(t_classify16_lower(NULL, 0), T_INVALID);
}
END_TEST

/* Every name of every list, with each byte in turn made each of the 256 values: the
   classifications tell the names of the table, other tokens, tokens with an uppercase letter
   and names that are no token apart, as the reference does. */
START_TEST(test_classify_tells_known_unknown_uppercase_and_invalid_apart) {
  unsigned char buf[LONGEST];
  for (size_t i = 0; i < all.n; i++) {
    size_t len = take(buf, i);
    for (size_t k = 0; k < len; k++) {
      unsigned char keep = buf[k];
      for (int v = 0; v < 256; v++)
        buf[k] = (unsigned char)v, expect_same(buf, len);
      buf[k] = keep;
    }
  }
}
END_TEST

/* Adds test to a new case called name, with a time limit generous enough for sanitizers. */
static TCase *tcase(const char *name) {
  TCase *tc = tcase_create(name);
  tcase_set_timeout(tc, 900);
  return tc;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s TABLE_LIST [LIST...]\n", argv[0]);
    return 2;
  }
  if (list_read(&table, argv[1]) != 0 || table.n != (size_t)T_COUNT) {
    fprintf(stderr, "%s: cannot read %s, or it does not have the table's %d names\n", argv[0],
            argv[1], T_COUNT);
    return 2;
  }
  int lists = 0;
  for (int a = 1; a < argc; a++) {
    struct list l;
    if (list_read(&l, argv[a]) != 0) {
      fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[a]);
      return 2;
    }
    lists++;
    for (size_t i = 0; i < l.n; i++)
      if (l.len[i] < LONGEST / 4 && ref_lookup(&all, (unsigned char *)l.name[i], l.len[i]) < 0 &&
          list_add(&all, l.name[i], l.len[i], (long)all.n) != 0)
        return 2;
    list_free(&l);
  }
  seen = mmap(NULL, sizeof *seen, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (seen == MAP_FAILED)
    return 2;

  Suite *s = suite_create(STR(T));
  TCase *tc = tcase("names");
  tcase_add_test(tc, test_names_and_lowers_match_the_list);
  tcase_add_test(tc, test_name_and_lower_answer_null_for_an_id_that_is_no_names);
  tcase_add_test(tc, test_flags_and_attr_answer_nothing_outside_the_ids);
  suite_add_tcase(s, tc);
  tc = tcase("spellings");
  tcase_add_test(tc, test_lookup_finds_every_list_name_in_every_spelling);
  tcase_add_test(tc, test_lookup_lower_finds_the_lowercase_spelling_alone);
  tcase_add_test(tc, test_lookup_accepts_null_when_len_is_zero);
  tcase_add_test(tc, test_classify_tells_known_unknown_uppercase_and_invalid_apart);
  suite_add_tcase(s, tc);
#ifdef T_DEFAULT
  suite_add_tcase(s, default_list_tcase());
#endif

  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  printf("%s: %lu lookups compared with the reference, over %zu names from %d lists\n", STR(T),
         *seen, all.n, lists);
  list_free(&all);
  list_free(&table);
  return failed ? 1 : 0;
}
