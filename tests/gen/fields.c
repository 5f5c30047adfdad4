/* fields.c: the tests of hhn-gen --fields: what it refuses in a static table, and how it says
   so; a table of a fields file alone, its lookups and entries. */
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The static table of the tests that take one: five entries, two of one name, one empty. */
static const char table[] = "// a comment\n:method\tGET\n:method\tPOST\n:path\t/\n\n"
                            "accept-encoding\tgzip, deflate\nage\n";

/* Runs hhn-gen --fields fields.txt (holding fields) on list as names.in, or with no names file
   if list is NULL. */
static void run_fields(struct run *r, const char *fields, const char *list) {
  static const char *const with[] = {"--fields", "fields.txt", "--output-dir",
                                     "out",      "names.in",   NULL};
  char path[256];
  setup_dir(r, list ? list : "", list ? strlen(list) : 0);
  snprintf(path, sizeof path, "%s/fields.txt", r->dir);
  spit(path, fields, strlen(fields));
  run_in(r, NULL,
         list ? with
              : (const char *const[]){"--fields", "fields.txt", "--output-dir", "out", NULL});
}

/* Checks that hhn-gen refused fields (with list, or alone) with exactly `want`, writing
   nothing. */
static void expect_fields_error(const char *fields, const char *list, const char *want) {
  struct run r;
  run_fields(&r, fields, list);
  ck_assert_int_eq(r.status, 1);
  ck_assert_str_eq(r.err, want);
  ck_assert_int_eq(r.outputs, 0);
}

START_TEST(test_gen_fields_rejects_each_bad_entry_by_line) {
  expect_fields_error("age\t0\nAge\t1\n", "age\n",
                      "fields.txt:2: error: name 'Age' has an uppercase letter: write it "
                      "'age' (HTTP/2 and HTTP/3 send names in lowercase)\n");
  expect_fields_error("age\t0\nage\t0\n", "age\n",
                      "fields.txt:2: error: 'age' with this value is the entry of line 1 "
                      "already\n");
  expect_fields_error("age\t0\x01\n", "age\n",
                      "fields.txt:1: error: byte 0x01 in the value: a value holds visible ASCII, "
                      "SP, HTAB and bytes over 0x7F\n");
  expect_fields_error("\tx\n", "age\n",
                      "fields.txt:1: error: a field's name is 1 to 255 bytes, then a TAB and its "
                      "value\n");
  expect_fields_error("x y\t0\n", NULL,
                      "fields.txt:1: error: name 'x y' has a byte that no name may have (an RFC "
                      "9110 token, after an optional ':'), then a TAB and its value\n");
  expect_fields_error("// nothing\n", NULL, "fields.txt: error: the table has no entries\n");
  expect_fields_error("age\t0\nvia\t1\n", "age\n",
                      "fields.txt:2: error: name 'via' is not in names.in\n");
}
END_TEST

/* A table of `entries` entries of one name, "x-a", each value `vlen` bytes (its number, then
   'v's), malloc'd. */
static char *big_table(int entries, size_t vlen) {
  char *t = malloc((size_t)entries * (vlen + 8) + 1), *p = t;
  ck_assert_ptr_nonnull(t);
  for (int i = 0; i < entries; i++) {
    p += sprintf(p, "x-a\t%05d", i);
    for (size_t k = 5; k < vlen; k++)
      *p++ = 'v';
    *p++ = '\n';
  }
  *p = '\0';
  return t;
}

START_TEST(test_gen_fields_bounds_a_table_and_reads_a_big_one_at_once) {
  char *t = big_table(300, 4000); /* 1.2 MB of values: refused at the line that passes 1 MB */
  expect_fields_error(t, NULL,
                      "fields.txt:263: error: the values pass 1 MB (1048576 bytes), the "
                      "most a table holds\n");
  free(t);
  struct run r; /* the most entries a table holds, of one name: no pair compared */
  t = big_table(32767, 5);
  run_fields(&r, t, NULL);
  free(t);
  ck_assert_msg(r.status == 0, "hhn-gen failed: %s", r.err);
  ck_assert_ptr_nonnull(strstr(r.out, ": 1 name and 32767 entries in "));
}
END_TEST

START_TEST(test_gen_fields_alone_makes_its_names_and_its_match) {
  struct run r;
  run_fields(&r, table, NULL);
  ck_assert_msg(r.status == 0, "hhn-gen failed: %s", r.err);
  expect_runs(&r, "", "fields.c");
}
END_TEST

TCase *fields_case(void) {
  TCase *tc = tcase_create("fields");
  bound_case(tc);
  tcase_add_test(tc, test_gen_fields_rejects_each_bad_entry_by_line);
  tcase_add_test(tc, test_gen_fields_alone_makes_its_names_and_its_match);
  tcase_add_test(tc, test_gen_fields_bounds_a_table_and_reads_a_big_one_at_once);
  return tc;
}
