/* check_table.c: Check tests of one generated table against a linear reference scan.
 *
 * Built once per table: T is its prefix (hhn), TU the prefix in uppercase (HHN); the header
 * is T.h. Run as `check_table TABLE_LIST [LIST...]`: TABLE_LIST is the names list the table was
 * generated from, and every name of every LIST is looked up in every spelling and mutation.
 * HHN_CHECK_QUICK=1 takes a few byte values in place of all 256, and HHN_CHECK_SAMPLE=N mutates
 * N of the names alone (for big lists). */
#ifdef HHN_MINICHECK
#include "minicheck.h" /* for targets without Check: make check-cross */
#else
#include <check.h>
#endif
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "guard.h"
#include "lists.h"
#include "table.h"

#define LONGEST 1024 /* longest input the tests build */

#ifdef T_DEFAULT
TCase *default_list_tcase(void); /* check_default.c: facts of the default list */
#endif

static struct list table;        /* the list the table was made from */
static unsigned char bytes[256]; /* the byte values the mutations try: see choose_bytes */
static size_t nbytes;
static struct list all;     /* every name of every list, once (case-insensitively) */
static size_t sample;       /* mutate at most this many of all's names (HHN_CHECK_SAMPLE) */
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

/* Checks that lookup (T_lookup16 or T_lookup16_lower, named what) of the units w[0..len), at
   the end and at the start of an open page, gives want, what the reference gives. */
static void expect_same_units(int (*lookup)(const uint16_t *, size_t), const char *what,
                              const uint16_t *w, size_t len, int want) {
  int tail = lookup(guard_tail(w, len * sizeof *w), len);
  int head = lookup(guard_head(w, len * sizeof *w), len);
  *seen += 2;
  if (tail != want || head != want) {
    unsigned char low[LONGEST];
    for (size_t i = 0; i < len; i++)
      low[i] = (unsigned char)w[i];
    ck_abort_msg("%s of %zu units (low bytes %s): %d at page end, %d at page start; "
                 "reference %d",
                 what, len, show(low, len), tail, head, want);
  }
}

/* Checks T_lookup16 and T_lookup16_lower of the units w[0..len) against the reference. */
static void expect_same16(const uint16_t *w, size_t len) {
  expect_same_units(t_lookup16, "lookup16", w, len, ref_lookup16(&table, w, len));
  expect_same_units(t_lookup16_lower, "lookup16_lower", w, len, ref_lookup16_lower(&table, w, len));
}

/* Checks that T_lookup_lower of s[0..len), at the end and at the start of an open page, gives
   what the reference gives. */
static void expect_same_lower(const unsigned char *s, size_t len) {
  int want = ref_lookup_lower(&table, s, len);
  int tail = t_lookup_lower(guard_tail(s, len), len);
  int head = t_lookup_lower(guard_head(s, len), len);
  *seen += 2;
  if (tail != want || head != want)
    ck_abort_msg("lookup_lower of %s: %d at page end, %d at page start; reference %d", show(s, len),
                 tail, head, want);
}

/* Checks that T_lookup and T_lookup_lower of s[0..len), at the end and at the start of an open
   page, and T_lookup16 of the same bytes widened to UTF-16, give what the reference gives. */
static void expect_same(const unsigned char *s, size_t len) {
  uint16_t w[LONGEST];
  int want = ref_lookup(&table, s, len);
  int tail = t_lookup(guard_tail(s, len), len);
  int head = t_lookup(guard_head(s, len), len);
  *seen += 2;
  if (tail != want || head != want)
    ck_abort_msg("lookup of %s: %d at page end, %d at page start; reference %d", show(s, len), tail,
                 head, want);
  expect_same_lower(s, len);
  for (size_t i = 0; i < len; i++)
    w[i] = s[i];
  expect_same16(w, len);
}

/* A check of one input: expect_same, or expect_same_lower. */
typedef void expect_fn(const unsigned char *s, size_t len);

/* A mutation: calls expect on each string that it makes of name[0..len). */
typedef void mutation_fn(const unsigned char *name, size_t len, expect_fn *expect);

/* Writes s[0..len) in lowercase to lower; returns whether s had an uppercase letter. */
static int lowercase(unsigned char *lower, const unsigned char *s, size_t len) {
  int changed = 0;
  for (size_t i = 0; i < len; i++) {
    changed |= s[i] >= 'A' && s[i] <= 'Z';
    lower[i] = s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i];
  }
  return changed;
}

/* Runs mutate on every name of all (or on `sample` of them, spread over the list) as the lists
   spell it, checking every lookup; and, when that spelling has an uppercase letter, on the
   name in lowercase, checking T_lookup_lower, which finds that spelling alone. */
static void mutate_all(mutation_fn *mutate) {
  unsigned char lower[LONGEST];
  size_t n = sample < all.n ? sample : all.n;
  for (size_t k = 0; k < n; k++) {
    size_t i = n == all.n ? k : k * all.n / n; /* spread over the list */
    const unsigned char *name = (const unsigned char *)all.name[i];
    mutate(name, all.len[i], expect_same);
    if (lowercase(lower, name, all.len[i]))
      mutate(lower, all.len[i], expect_same_lower);
  }
}

/* The byte values that the tests put in names: all 256; or, with HHN_CHECK_QUICK set (for slow
   emulated targets), the ones where a lookup could go wrong: the controls and blanks a parser
   meets, each kind of tchar, '@', '[', '`' and '{' (the neighbours of the letters, which differ
   from one by the case bit), and bytes above 0x7F whose low 7 bits are a letter. */
static void choose_bytes(void) {
  static const unsigned char few[] = {0,   1,   '\t', '\n', '\r', ' ', '!', '"', '#', '-', '.',
                                      '0', '9', ':',  '@',  'A',  'M', 'Z', '[', '_', '`', 'a',
                                      'm', 'z', '{',  '|',  '~',  127, 128, 193, 225, 255};
  if (getenv("HHN_CHECK_QUICK") != NULL) {
    memcpy(bytes, few, sizeof few);
    nbytes = sizeof few;
    return;
  }
  for (nbytes = 0; nbytes < 256; nbytes++)
    bytes[nbytes] = (unsigned char)nbytes;
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
      ck_assert_int_eq(t_lookup(guard_tail(name, n), n), want);
      name = t_lower(want, &n);
      ck_assert_int_eq(t_lookup(guard_tail(name, n), n), want);
      ck_assert_int_eq(t_lookup_lower(guard_tail(name, n), n), want);
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
    ck_assert_int_eq(t_lookup_lower(guard_tail(lower, len), len), want);
    ck_assert_int_eq(t_lookup_lower(guard_head(lower, len), len), want);
    for (size_t k = 0; k < len; k++) /* any one letter in uppercase: unknown, to it alone */
      if (lower[k] >= 'a' && lower[k] <= 'z') {
        lower[k] -= 32;
        ck_assert_int_eq(t_lookup_lower(guard_tail(lower, len), len), T_UNKNOWN);
        ck_assert_int_eq(t_lookup_lower(guard_head(lower, len), len), T_UNKNOWN);
        ck_assert_int_eq(t_lookup(guard_tail(lower, len), len), want);
        lower[k] += 32;
      }
  }
}
END_TEST

/* Each byte of name replaced by each byte value. */
static void replace_each_byte(const unsigned char *name, size_t len, expect_fn *expect) {
  unsigned char buf[LONGEST];
  memcpy(buf, name, len);
  for (size_t k = 0; k < len; k++) {
    for (size_t b = 0; b < nbytes; b++) {
      buf[k] = bytes[b];
      expect(buf, len);
    }
    buf[k] = name[k];
  }
}

START_TEST(test_lookup_matches_reference_with_every_byte_replaced) {
  mutate_all(replace_each_byte);
}
END_TEST

/* Each byte value inserted at each place in name. */
static void insert_each_byte(const unsigned char *name, size_t len, expect_fn *expect) {
  unsigned char buf[LONGEST];
  for (size_t k = 0; k <= len; k++)
    for (size_t b = 0; b < nbytes; b++) {
      memcpy(buf, name, k);
      buf[k] = bytes[b];
      memcpy(buf + k + 1, name + k, len - k);
      expect(buf, len + 1);
    }
}

START_TEST(test_lookup_matches_reference_with_a_byte_inserted_anywhere) {
  mutate_all(insert_each_byte);
}
END_TEST

/* Each byte of name removed. */
static void remove_each_byte(const unsigned char *name, size_t len, expect_fn *expect) {
  unsigned char buf[LONGEST];
  for (size_t k = 0; k < len; k++) {
    memcpy(buf, name, k);
    memcpy(buf + k, name + k + 1, len - k - 1);
    expect(buf, len - 1);
  }
}

START_TEST(test_lookup_matches_reference_with_a_byte_removed) { mutate_all(remove_each_byte); }
END_TEST

/* Every '-' of name made '_' and every '_' '-', all at once and one at a time. */
static void swap_dashes(const unsigned char *name, size_t len, expect_fn *expect) {
  unsigned char buf[LONGEST] = {0};
  for (size_t k = 0; k < len; k++)
    buf[k] = name[k] == '-' ? '_' : name[k] == '_' ? '-' : name[k];
  expect(buf, len);
  memcpy(buf, name, len);
  for (size_t k = 0; k < len; k++) /* one at a time */
    if (buf[k] == '-') {
      buf[k] = '_';
      expect(buf, len);
      buf[k] = '-';
    }
}

START_TEST(test_lookup_matches_reference_with_dashes_and_underscores_swapped) {
  mutate_all(swap_dashes);
}
END_TEST

/* Every proper prefix of name, and name with each of a few tails and with other names after. */
static void cut_and_extend(const unsigned char *name, size_t len, expect_fn *expect) {
  static const char *const tails[] = {"-", "s", "S", "-x", "-Extra", "\r", "\r\n", ":", " ", "\0"};
  unsigned char buf[LONGEST];
  memcpy(buf, name, len);
  for (size_t k = 0; k < len; k++)
    expect(buf, k); /* every proper prefix */
  for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
    size_t n = tails[t][0] ? strlen(tails[t]) : 1;
    memcpy(buf + len, tails[t], n);
    expect(buf, len + n);
  }
  for (size_t j = 0; j < all.n && len + all.len[j] <= LONGEST; j += 7) { /* name + name */
    memcpy(buf + len, all.name[j], all.len[j]);
    expect(buf, len + all.len[j]);
  }
}

START_TEST(test_lookup_matches_reference_on_prefixes_and_extensions) { mutate_all(cut_and_extend); }
END_TEST

START_TEST(test_lookup_matches_reference_on_strings_of_up_to_3_bytes) {
  unsigned char buf[3] = {0};
  expect_same(buf, 0);
  for (size_t a = 0; a < nbytes; a++) {
    buf[0] = bytes[a];
    expect_same(buf, 1);
    for (size_t b = 0; b < nbytes; b++) {
      buf[1] = bytes[b];
      expect_same(buf, 2);
      for (size_t c = 0; c < nbytes; c++) {
        buf[2] = bytes[c];
        expect_same(buf, 3);
      }
    }
  }
}
END_TEST

START_TEST(test_lookup_accepts_null_when_len_is_zero) {
  ck_assert_int_eq(t_lookup(NULL, 0), T_UNKNOWN);
  ck_assert_int_eq(t_lookup_lower(NULL, 0), T_UNKNOWN);
  ck_assert_int_eq(t_lookup16(NULL, 0), T_UNKNOWN);
  ck_assert_int_eq(t_lookup16_lower(NULL, 0), T_UNKNOWN);
  ck_assert_int_eq(t_lookup(guard_tail("", 0), 0), T_UNKNOWN);
}
END_TEST

/* name with a NUL after it, which changes nothing, and with a NUL in each of its bytes. */
static void put_nuls(const unsigned char *name, size_t len, expect_fn *expect) {
  unsigned char buf[LONGEST];
  memcpy(buf, name, len);
  buf[len] = '\0';
  if (expect == expect_same)
    ck_assert_int_eq(t_lookup((const char *)buf, len), ref_lookup(&table, buf, len));
  ck_assert_int_eq(t_lookup_lower((const char *)buf, len), ref_lookup_lower(&table, buf, len));
  expect(buf, len + 1); /* a NUL inside len is a byte like any other */
  for (size_t k = 0; k < len; k++) {
    buf[k] = '\0';
    expect(buf, len);
    buf[k] = name[k];
  }
}

START_TEST(test_lookup_reads_only_len_bytes_and_nul_is_a_byte) { mutate_all(put_nuls); }
END_TEST

START_TEST(test_lookup16_rejects_units_above_0x7f_whose_low_byte_matches) {
  static const uint16_t highs[] = {0x0100, 0x0200, 0x0400, 0x0800, 0x1000, 0xff00, 0x0080};
  uint16_t w[LONGEST];
  for (size_t i = 0; i < all.n; i++) {
    size_t len = all.len[i];
    for (size_t k = 0; k < len; k++)
      w[k] = (unsigned char)all.name[i][k];
    for (size_t k = 0; k < len; k++) {
      uint16_t keep = w[k];
      for (size_t h = 0; h < sizeof highs / sizeof highs[0]; h++) {
        w[k] = highs[h] | keep; /* 0x0141 for 'A', ... */
        expect_same16(w, len);
        ck_assert_int_eq(t_lookup16(guard_tail(w, len * 2), len), T_UNKNOWN);
        ck_assert_int_eq(t_lookup16_lower(guard_tail(w, len * 2), len), T_UNKNOWN);
        w[k] = highs[h] | (keep ^ 0x20);
        expect_same16(w, len);
      }
      w[k] = keep;
    }
  }
}
END_TEST

volatile char guard_sink; /* what the guard test reads, which no compiler can leave unread */

START_TEST(test_guard_page_traps_a_read_past_the_end) {
  const volatile char *p = guard_tail("x", 1);
  guard_sink = p[1]; /* must fault, or the tests above could miss a read past len */
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
  choose_bytes();
  sample =
      getenv("HHN_CHECK_SAMPLE") ? (size_t)strtoul(getenv("HHN_CHECK_SAMPLE"), NULL, 10) : all.n;
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
  tcase_add_test(tc, test_lookup_reads_only_len_bytes_and_nul_is_a_byte);
  tcase_add_test(tc, test_lookup16_rejects_units_above_0x7f_whose_low_byte_matches);
  suite_add_tcase(s, tc);
  tc = tcase("mutations");
  tcase_add_test(tc, test_lookup_matches_reference_with_every_byte_replaced);
  tcase_add_test(tc, test_lookup_matches_reference_with_a_byte_inserted_anywhere);
  tcase_add_test(tc, test_lookup_matches_reference_with_a_byte_removed);
  tcase_add_test(tc, test_lookup_matches_reference_with_dashes_and_underscores_swapped);
  tcase_add_test(tc, test_lookup_matches_reference_on_prefixes_and_extensions);
  tcase_add_test(tc, test_lookup_matches_reference_on_strings_of_up_to_3_bytes);
  suite_add_tcase(s, tc);
  tc = tcase("guard");
  tcase_add_test_raise_signal(tc, test_guard_page_traps_a_read_past_the_end, SIGSEGV);
  suite_add_tcase(s, tc);
#ifdef T_DEFAULT
  suite_add_tcase(s, default_list_tcase());
#endif

  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  printf("%s: %lu lookups compared with the reference, over %zu names from %d lists%s%s\n", STR(T),
         *seen, all.n, lists, nbytes < 256 ? " (HHN_CHECK_QUICK: a few byte values)" : "",
         sample < all.n ? " (HHN_CHECK_SAMPLE: mutations of some names)" : "");
  list_free(&all);
  list_free(&table);
  return failed ? 1 : 0;
}
