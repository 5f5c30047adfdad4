/* check_plan.c: Check tests of hhn-gen's plan (gen/plan/layout.c) and of the emitter's checks on
   it, linked with the generator's modules: every number the output writes has a type that the plan
   chose and checked, and a number that does not fit is refused before a file is written. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c.h"
#include "displace.h"
#include "idents.h"
#include "layout.h"
#include "names.h"
#include "plan.h"
#include "table_idents.h"

/* A list of one name of each length from lo to hi, of random tchars; the hash of hhn-gen's own
   values on the length alone, as the search gives such a list; and its plan. */
struct planned {
  struct names list;
  struct hashfn h;
  struct plan plan; /* its layout is `l` */
};
#define l plan.table

static void plan_lengths(struct planned *p, size_t lo, size_t hi) {
  static char text[40000];
  static const char chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-";
  unsigned x = 7;
  size_t n = 0;
  for (size_t len = lo; len <= hi; len++) {
    for (size_t k = 0; k < len; k++, x = x * 1103515245u + 12345u)
      text[n++] = chars[(x >> 16) % (sizeof chars - 1)];
    text[n++] = '\n';
  }
  struct diag d;
  memset(p, 0, sizeof *p);
  ck_assert_int_eq(names_parse(&p->list, "lengths.in", text, n, stderr), 0);
  ck_assert_int_eq(idents_make(&p->list, "t", 0, stderr), 0);
  ck_assert_msg(displace_hash(&p->list, NULL, 0, p->h.len_byte, HASH_SEARCHED, &p->h, &d) == 0,
                "%s", d.msg);
  ck_assert_msg(plan_make(&p->plan, &p->list, &p->h, NULL, &(struct plan_options){0, 0}, &d) == 0,
                "%s", d.msg);
}

static void unplan(struct planned *p) {
  plan_free(&p->plan);
  hashfn_free(&p->h);
  names_free(&p->list);
}

/* Writes the source of p's table into memory; returns emit_source's result. */
static int emit(struct planned *p, struct diag *d) {
  char *text = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&text, &size);
  ck_assert_ptr_nonnull(f);
  struct emit_options o = {"t", "hhn-gen lengths.in", "lengths.in", 0, NULL, 0, NULL};
  int rc = emit_source(f, &p->plan, &o, d);
  fclose(f);
  free(text);
  return rc;
}

START_TEST(test_plan_keeps_the_per_length_table_in_bytes_for_a_255_byte_name) {
  struct planned p;
  plan_lengths(&p, 3, 255);
  ck_assert(p.l.records); /* the indexed layout, or the displaced one, with records */
  ck_assert_uint_eq(p.l.lens[255].q, 247); /* the last 8 bytes' piece */
  ck_assert_uint_eq(p.l.lens[5].cmp, 6);   /* the pieces after 5 bytes and a NUL */
  ck_assert_int_le(p.l.lens_f.max, 255);   /* a record has no mask to point past the name */
  ck_assert_int_eq(p.l.lens_f.type, CTYPE_UCHAR);
  unplan(&p);
}
END_TEST

START_TEST(test_plan_refuses_a_value_that_does_not_fit_its_type) {
  struct planned p;
  struct diag d;
  plan_lengths(&p, 3, 255);
  ck_assert_int_eq(layout_check(&p.l, &d), 0);
  p.l.lens_f.max = 256; /* a plan that puts 256 in an unsigned char */
  ck_assert_int_eq(layout_check(&p.l, &d), -1);
  ck_assert_str_eq(d.msg, "hhn-gen: error: internal: the plan puts 0 to 256 in lens[], whose type "
                          "(unsigned char) holds 0 to 255; please report it");
  unplan(&p);
}
END_TEST

START_TEST(test_emitter_refuses_a_number_outside_its_field) {
  struct planned p;
  struct diag d;
  plan_lengths(&p, 3, 255);
  ck_assert_int_eq(emit(&p, &d), 0);
  ck_assert_uint_eq(p.l.lens[255].q, 247);
  p.l.lens_f.max = 246; /* a plan that did not foresee the 247 it writes */
  ck_assert_int_eq(emit(&p, &d), -1);
  ck_assert_str_eq(d.msg, "hhn-gen: error: internal: 247 is outside lens[] (0 to 246); please "
                          "report it");
  unplan(&p);
}
END_TEST

START_TEST(test_plan_gives_every_number_a_type_that_holds_it) {
  static const size_t ranges[][2] = {{1, 40}, {3, 255}, {200, 255}, {1, 3}, {17, 33}};
  for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++) {
    struct planned p;
    struct diag d;
    plan_lengths(&p, ranges[i][0], ranges[i][1]);
    ck_assert_msg(layout_check(&p.l, &d) == 0, "%s", d.msg);
    ck_assert_msg(emit(&p, &d) == 0, "lengths %zu to %zu: %s", ranges[i][0], ranges[i][1], d.msg);
    unplan(&p);
  }
}
END_TEST

/* Whether idents_make refuses a list of one name, as the id after prefix (in one file or
   not); the name is the id with each '_' a '-'. */
static int refused(const char *id, const char *prefix, int static_file) {
  struct names list;
  char text[128];
  size_t n = (size_t)snprintf(text, sizeof text, "%s\n", id);
  for (size_t i = 0; i < n; i++)
    text[i] = text[i] == '_' ? '-' : text[i];
  FILE *err = fopen("/dev/null", "w");
  int errors = names_parse(&list, "own.in", text, n, err);
  ck_assert_int_eq(errors, 0);
  errors = idents_make(&list, prefix, static_file, err);
  names_free(&list);
  fclose(err);
  return errors > 0;
}

START_TEST(test_no_macro_or_constant_of_the_tables_own_can_be_an_id) {
  int macros = 0;
  for (int i = 0; i < table_idents_count; i++) {
    const struct table_ident *o = &table_idents[i];
    if (o->kind == TABLE_IDENT_NAME)
      continue;
    macros++;
    /* one file spells it P_NAME, as the id of a name NAME would be */
    ck_assert_msg(refused(o->name, "t", 1), "--static took a name that makes t_%s", o->name);
    /* two spell it NAME, as the id of the name after a prefix would be, where it has a '_' */
    const char *us = strchr(o->name, '_');
    if (us != NULL) {
      char prefix[64];
      snprintf(prefix, sizeof prefix, "%.*s", (int)(us - o->name), o->name);
      ck_assert_msg(refused(us + 1, prefix, 0), "prefix %s took a name that makes %s", prefix,
                    o->name);
    }
  }
  ck_assert_int_ge(macros, 12);
}
END_TEST

int main(void) {
  Suite *s = suite_create("plan");
  TCase *tc = tcase_create("types");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_plan_keeps_the_per_length_table_in_bytes_for_a_255_byte_name);
  tcase_add_test(tc, test_plan_refuses_a_value_that_does_not_fit_its_type);
  tcase_add_test(tc, test_emitter_refuses_a_number_outside_its_field);
  tcase_add_test(tc, test_plan_gives_every_number_a_type_that_holds_it);
  tcase_add_test(tc, test_no_macro_or_constant_of_the_tables_own_can_be_an_id);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
